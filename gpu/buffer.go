package gpu

import (
	"errors"
	"fmt"
	"math"
	goruntime "runtime"
	"strings"
	"sync"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// ErrFreed is wrapped by the error of any use of a freed buffer.
var ErrFreed = backend.ErrFreed

// OutOfMemoryError is the error of an allocation a device has no room for. It wraps
// backend.ErrOutOfMemory.
type OutOfMemoryError struct {
	Device      string // "device 0 (sim-H200-0)"
	Asked       uint64 // bytes asked
	Free, Total uint64 // bytes free and in all on the device; 0 where unknown
}

func (e *OutOfMemoryError) Error() string {
	s := fmt.Sprintf("out of memory on %s: asked %s (%d bytes)", e.Device, formatBytes(e.Asked), e.Asked)
	if e.Total > 0 {
		s += fmt.Sprintf(", %s (%d bytes) free of %s", formatBytes(e.Free), e.Free, formatBytes(e.Total))
	}
	return s
}

// Unwrap returns backend.ErrOutOfMemory.
func (e *OutOfMemoryError) Unwrap() error { return backend.ErrOutOfMemory }

// allocation is memory a backend gave; Buffers are views of it. It is freed by Free or,
// once no Buffer refers to it, by the garbage collector.
type allocation struct {
	m    *machine
	dev  *Device
	mem  backend.Memory
	size int64

	mu        sync.Mutex
	freed     bool
	peers     []bool // peers[i]: kernels on GPU i can reach it
	sharedAll bool
	shared    bool // allocated shared, or shared since: see isShared
	cleanup   goruntime.Cleanup
	owner     *rankOwner // a buffer of a symmetric allocation (symmetric.go); nil otherwise
}

// Buffer is typed memory on a device (or the host): Len elements of DType, with a shape for
// display. Slice makes views that share the memory.
type Buffer struct {
	a     *allocation
	dtype DType
	off   int64 // bytes into the allocation
	n     int
	shape []int
	name  string // shown by the display; see Named
}

// maxBytes bounds one allocation, so that a typo can't ask for exabytes.
const maxBytes = 1 << 50

// Alloc allocates a buffer of n elements of dtype on d, zeroed.
func (d *Device) Alloc(dtype DType, n int) (*Buffer, error) {
	return d.alloc(dtype, n, false, "alloc")
}

// AllocShared allocates a buffer of n elements of dtype on d, zeroed and shared with every
// device that can reach it (see ShareWithPeers): it can be passed to Peer parameters. Where
// some GPUs have no P2P access to d (GPU3 of sim:pcie4), it is shared with the others and
// d, SharedWith lists them, and a notice says which GPUs it leaves out.
func (d *Device) AllocShared(dtype DType, n int) (*Buffer, error) {
	return d.alloc(dtype, n, true, "alloc shared")
}

// AllocFrom allocates a buffer on d holding a copy of data, a slice of a buffer element
// type ([]float32, []int32, []gpu.F16, ...; []int is int64).
func (d *Device) AllocFrom(data any) (*Buffer, error) {
	_, dt, n, ok := sliceBytes(data)
	if !ok {
		return nil, fmt.Errorf("alloc from: want a slice of a buffer element type ([]float32, []int32, ...), got %s", typeName(data))
	}
	if n == 0 {
		return nil, errors.New("alloc from: the slice is empty; a buffer holds at least one element")
	}
	b, err := d.alloc(dt, n, false, "alloc from")
	if err != nil {
		return nil, err
	}
	if err := b.Write(data); err != nil {
		b.Free()
		return nil, err
	}
	return b, nil
}

func (d *Device) alloc(dtype DType, n int, shared bool, op string) (*Buffer, error) {
	if d == nil {
		return nil, fmt.Errorf("%s: nil device", op)
	}
	if dtype.Size() == 0 || dtype == Invalid {
		return nil, fmt.Errorf("%s: invalid dtype %v (use gpu.Float32, gpu.Int32, ...)", op, dtype)
	}
	if n < 1 {
		return nil, fmt.Errorf("%s: length %d; a buffer holds at least one element", op, n)
	}
	size := int64(n) * int64(dtype.Size())
	if n > maxBytes || size > maxBytes {
		return nil, fmt.Errorf("%s: %d elements of %s is more than any device holds", op, n, dtype)
	}
	shareWith := d.m.devices // the GPUs a shared allocation reaches
	if shared && d.m.checkShare(d, d.m.devices) != nil {
		// Some GPUs can't reach d's memory: share it with those that can (d itself at
		// least: concurrent kernels on one GPU are peers too), and say which.
		shareWith = d.reachedBy()
	}
	partial := len(shareWith) < len(d.m.devices)
	mem, err := d.m.b.Alloc(d.info.Index, size, backend.AllocOptions{Shared: shared && !partial})
	if errors.Is(err, backend.ErrOutOfMemory) {
		oom := &OutOfMemoryError{Device: d.label(), Asked: uint64(size)}
		if mi, ok := d.m.b.(backend.MemoryInfo); ok {
			oom.Free, oom.Total, _ = mi.MemInfo(d.info.Index)
		}
		return nil, fmt.Errorf("%s %s[%d]: %w", op, dtype, n, oom)
	}
	if err != nil {
		return nil, fmt.Errorf("%s %s[%d] on %s: %w", op, dtype, n, d.label(), err)
	}
	a := &allocation{m: d.m, dev: d, mem: mem, size: size, peers: make([]bool, len(d.m.devices))}
	if !d.IsHost() {
		a.peers[d.info.Index] = true
	}
	a.cleanup = goruntime.AddCleanup(a, func(m backend.Memory) { m.Free() }, mem)
	b := &Buffer{a: a, dtype: dtype, n: n, shape: []int{n}}
	if shared && partial {
		if err := b.share(op, shareWith); err != nil {
			b.Free()
			return nil, err
		}
		if state.notice != nil {
			fmt.Fprintf(state.notice, "%s %s: %s\n", op, b.describe(), b.reachNote())
		}
	} else if shared {
		a.markShared(d.m.devices)
	}
	return b, nil
}

// reachedBy returns the GPUs whose kernels can reach d's memory once shared: d and the GPUs
// with P2P access to it.
func (d *Device) reachedBy() []*Device {
	var out []*Device
	for _, o := range d.m.devices {
		if o == d || d.CanAccessPeer(o) && o.CanAccessPeer(d) {
			out = append(out, o)
		}
	}
	return out
}

// reachNote says which GPUs a partly shared buffer reaches and why not the others.
func (b *Buffer) reachNote() string {
	with := b.SharedWith()
	reached := map[*Device]bool{}
	for _, d := range with {
		reached[d] = true
	}
	var missing []*Device
	for _, d := range b.a.m.devices {
		if !reached[d] {
			missing = append(missing, d)
		}
	}
	s := "shared with " + sharedWithLabel(with)
	if len(with) == 1 {
		s += " only (concurrent kernels on it can use it as a Peer buffer)"
	}
	if len(missing) > 0 {
		s += fmt.Sprintf("; %s can't reach it (no P2P access)", sharedWithLabel(missing))
	}
	return s
}

func (a *allocation) markShared(devs []*Device) {
	for _, d := range devs {
		if !d.IsHost() {
			a.peers[d.info.Index] = true
		}
	}
	all := true
	for _, p := range a.peers {
		all = all && p
	}
	a.sharedAll = all
	a.shared = true
}

// reachableFrom reports whether kernels on GPU dev can use the allocation.
func (a *allocation) reachableFrom(dev int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return dev >= 0 && dev < len(a.peers) && a.peers[dev]
}

// isShared reports whether the allocation was shared (allocated shared, or shared since),
// with other devices or only with its own: concurrent kernels on one GPU are peers too, so
// b.ShareWith(b.Device()) makes a Peer buffer, as AllocShared does on a machine of one GPU
// or where no other GPU reaches the device.
func (a *allocation) isShared() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.shared
}

// live returns the allocation's memory, or an error where it was freed.
func (b *Buffer) live(op string) (backend.Memory, error) {
	if b == nil || b.a == nil {
		return nil, fmt.Errorf("%s: nil buffer", op)
	}
	b.a.mu.Lock()
	defer b.a.mu.Unlock()
	if b.a.freed {
		return nil, fmt.Errorf("%s %s: %w", op, b.describe(), ErrFreed)
	}
	return b.a.mem, nil
}

// describe names the buffer in messages: "float32[1024] on device 0 (sim-H200-0)".
func (b *Buffer) describe() string {
	return fmt.Sprintf("%s[%d] on %s", b.dtype, b.n, b.where())
}

// where names the memory of the buffer: its device, or for another rank's buffer of a
// symmetric allocation, that rank's device and where it is mapped here.
func (b *Buffer) where() string {
	if o := b.a.owner; o != nil && o.remote {
		return fmt.Sprintf("%s, mapped for %s", o.where, b.a.dev.label())
	}
	return b.a.dev.label()
}

// Len returns the number of elements.
func (b *Buffer) Len() int { return b.n }

// DType returns the element type.
func (b *Buffer) DType() DType { return b.dtype }

// Bytes returns the size of the buffer in bytes.
func (b *Buffer) Bytes() int64 { return int64(b.n) * int64(b.dtype.Size()) }

// Device returns the device the buffer lives on (Host() for host memory).
func (b *Buffer) Device() *Device { return b.a.dev }

// Shape returns the shape used for display ([Len] unless Reshape changed it).
func (b *Buffer) Shape() []int { return append([]int(nil), b.shape...) }

// Reshape sets the shape used for display (rows, columns for a picture); the product of
// dims must be Len.
func (b *Buffer) Reshape(dims ...int) error {
	if len(dims) == 0 {
		return errors.New("reshape: no dimensions")
	}
	p, cut := 1, false // cut: the product overflows an int
	for _, d := range dims {
		if d < 1 {
			return fmt.Errorf("reshape %v: dimension %d is not positive", dims, d)
		}
		if cut = cut || p > math.MaxInt/d; !cut {
			p *= d
		}
	}
	if cut || p != b.n {
		product := fmt.Sprint(p)
		if cut {
			product = fmt.Sprintf("more than %d", b.n)
		}
		return fmt.Errorf("reshape %v: the dimensions multiply to %s, but %s has %d elements: their product must be %d",
			dims, product, b.describe(), b.n, b.n)
	}
	b.shape = append([]int(nil), dims...)
	return nil
}

// Slice returns a view of elements [from, to) that shares the buffer's memory (and its
// sharing); freeing either frees both.
func (b *Buffer) Slice(from, to int) (*Buffer, error) {
	if _, err := b.live("slice"); err != nil {
		return nil, err
	}
	if from < 0 || to > b.n || from >= to {
		return nil, fmt.Errorf("slice [%d:%d] of %s: want 0 <= from < to <= %d", from, to, b.describe(), b.n)
	}
	return &Buffer{a: b.a, dtype: b.dtype, off: b.off + int64(from)*int64(b.dtype.Size()),
		n: to - from, shape: []int{to - from}}, nil
}

// Free releases the buffer's memory now (views included); later use is an error. Memory no
// buffer refers to is released by the garbage collector anyway.
func (b *Buffer) Free() error {
	if b == nil || b.a == nil {
		return errors.New("free: nil buffer")
	}
	a := b.a
	a.mu.Lock()
	if a.freed {
		a.mu.Unlock()
		return fmt.Errorf("free %s: %w", b.describe(), ErrFreed)
	}
	a.freed = true
	a.mu.Unlock()
	a.cleanup.Stop()
	if err := a.mem.Free(); err != nil {
		return fmt.Errorf("free %s: %w", b.describe(), err)
	}
	return nil
}

// Freed reports whether the buffer was freed.
func (b *Buffer) Freed() bool {
	b.a.mu.Lock()
	defer b.a.mu.Unlock()
	return b.a.freed
}

// String describes the buffer in one line.
func (b *Buffer) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s%s on %s", b.dtype, shapeString(b.shape), b.where())
	if b.Freed() {
		s.WriteString(", freed")
	} else if b.a.isShared() {
		b.a.mu.Lock()
		all := b.a.sharedAll || b.a.dev.IsHost()
		b.a.mu.Unlock()
		if all {
			s.WriteString(", shared")
		} else {
			s.WriteString(", shared with " + sharedWithLabel(b.SharedWith()))
		}
	}
	return s.String()
}

func shapeString(shape []int) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	return "[" + strings.Join(parts, "×") + "]"
}

// checkData checks that data is a slice of the buffer's element type and that count
// elements from element at fit; it returns the slice's bytes.
func (b *Buffer) checkData(op string, at int, data any) ([]byte, error) {
	raw, dt, n, ok := sliceBytes(data)
	if !ok {
		return nil, fmt.Errorf("%s: want a Go slice (%s for this %s buffer), got %s", op, sliceTypeFor(b.dtype), b.dtype, typeName(data))
	}
	if dt != b.dtype {
		return nil, fmt.Errorf("%s: the buffer holds %s, got %s (want %s)", op, b.dtype, typeName(data), sliceTypeFor(b.dtype))
	}
	if at < 0 || at > b.n || n > b.n-at {
		return nil, fmt.Errorf("%s: %d elements at %d don't fit in %s", op, n, at, b.describe())
	}
	return raw, nil
}

// Write copies data, a Go slice of the buffer's element type, to the start of the buffer.
func (b *Buffer) Write(data any) error { return b.WriteAt(0, data) }

// WriteAt copies data, a Go slice of the buffer's element type, to elements at, at+1, ...
func (b *Buffer) WriteAt(at int, data any) (err error) {
	mem, err := b.live("write")
	if err != nil {
		return err
	}
	raw, err := b.checkData("write", at, data)
	if err != nil || len(raw) == 0 {
		return err
	}
	if done := traceBuffer(b, opCopy, "write", int64(len(raw)), true); done != nil {
		defer func() { done(err) }()
	}
	if err := b.a.m.b.Write(mem, b.off+int64(at)*int64(b.dtype.Size()), raw); err != nil {
		return fmt.Errorf("write %s: %w", b.describe(), err)
	}
	goruntime.KeepAlive(data)
	return nil
}

// Read copies the start of the buffer into dst, a Go slice of the buffer's element type
// (len(dst) elements).
func (b *Buffer) Read(dst any) error { return b.ReadAt(0, dst) }

// ReadAt copies elements at, at+1, ... into dst, a Go slice of the buffer's element type.
func (b *Buffer) ReadAt(at int, dst any) (err error) {
	mem, err := b.live("read")
	if err != nil {
		return err
	}
	raw, err := b.checkData("read", at, dst)
	if err != nil || len(raw) == 0 {
		return err
	}
	if done := traceBuffer(b, opCopy, "read", int64(len(raw)), false); done != nil {
		defer func() { done(err) }()
	}
	if err := b.a.m.b.Read(mem, b.off+int64(at)*int64(b.dtype.Size()), raw); err != nil {
		return fmt.Errorf("read %s: %w", b.describe(), err)
	}
	goruntime.KeepAlive(dst)
	return nil
}

// readAll reads the whole buffer into a new slice of dtype want.
func (b *Buffer) readAll(want DType, dst any) error {
	if b.dtype != want {
		return fmt.Errorf("read %s: the buffer holds %s, not %s (use the %s accessor, or Values for float64s of any dtype)",
			sliceTypeFor(want), b.dtype, want, accessorFor(b.dtype))
	}
	return b.Read(dst)
}

func accessorFor(dt DType) string {
	switch dt {
	case Float16:
		return "F16s"
	case BFloat16:
		return "BF16s"
	}
	name := dt.String()
	return strings.ToUpper(name[:1]) + name[1:] + "s"
}

// Float32s returns the elements of a float32 buffer.
func (b *Buffer) Float32s() ([]float32, error) {
	v := make([]float32, b.n)
	return v, b.readAll(Float32, v)
}

// Float64s returns the elements of a float64 buffer.
func (b *Buffer) Float64s() ([]float64, error) {
	v := make([]float64, b.n)
	return v, b.readAll(Float64, v)
}

// F16s returns the elements of a float16 buffer.
func (b *Buffer) F16s() ([]F16, error) {
	v := make([]F16, b.n)
	return v, b.readAll(Float16, v)
}

// BF16s returns the elements of a bfloat16 buffer.
func (b *Buffer) BF16s() ([]BF16, error) {
	v := make([]BF16, b.n)
	return v, b.readAll(BFloat16, v)
}

// Int8s returns the elements of an int8 buffer.
func (b *Buffer) Int8s() ([]int8, error) {
	v := make([]int8, b.n)
	return v, b.readAll(Int8, v)
}

// Int16s returns the elements of an int16 buffer.
func (b *Buffer) Int16s() ([]int16, error) {
	v := make([]int16, b.n)
	return v, b.readAll(Int16, v)
}

// Int32s returns the elements of an int32 buffer.
func (b *Buffer) Int32s() ([]int32, error) {
	v := make([]int32, b.n)
	return v, b.readAll(Int32, v)
}

// Int64s returns the elements of an int64 buffer.
func (b *Buffer) Int64s() ([]int64, error) {
	v := make([]int64, b.n)
	return v, b.readAll(Int64, v)
}

// Ints returns the elements of an int64 buffer as []int (a Go kernel's int is int64).
func (b *Buffer) Ints() ([]int, error) {
	v := make([]int, b.n)
	return v, b.readAll(Int64, v)
}

// Uint8s returns the elements of a uint8 buffer.
func (b *Buffer) Uint8s() ([]uint8, error) {
	v := make([]uint8, b.n)
	return v, b.readAll(Uint8, v)
}

// Uint16s returns the elements of a uint16 buffer.
func (b *Buffer) Uint16s() ([]uint16, error) {
	v := make([]uint16, b.n)
	return v, b.readAll(Uint16, v)
}

// Uint32s returns the elements of a uint32 buffer.
func (b *Buffer) Uint32s() ([]uint32, error) {
	v := make([]uint32, b.n)
	return v, b.readAll(Uint32, v)
}

// Uint64s returns the elements of a uint64 buffer.
func (b *Buffer) Uint64s() ([]uint64, error) {
	v := make([]uint64, b.n)
	return v, b.readAll(Uint64, v)
}

// Values returns every element converted to float64, whatever the dtype (int64 and uint64
// values beyond 2^53 are rounded).
func (b *Buffer) Values() ([]float64, error) {
	mem, err := b.live("values")
	if err != nil {
		return nil, err
	}
	raw := make([]byte, b.Bytes())
	if err := b.a.m.b.Read(mem, b.off, raw); err != nil {
		return nil, fmt.Errorf("values of %s: %w", b.describe(), err)
	}
	out := make([]float64, b.n)
	for i := range out {
		out[i] = valueAt(raw, b.dtype, i)
	}
	return out, nil
}

// At returns element i converted to float64.
func (b *Buffer) At(i int) (float64, error) {
	mem, err := b.live("at")
	if err != nil {
		return 0, err
	}
	if i < 0 || i >= b.n {
		return 0, fmt.Errorf("at %d: index out of range [0, %d) of %s", i, b.n, b.describe())
	}
	raw := make([]byte, b.dtype.Size())
	if err := b.a.m.b.Read(mem, b.off+int64(i)*int64(b.dtype.Size()), raw); err != nil {
		return 0, fmt.Errorf("at %d of %s: %w", i, b.describe(), err)
	}
	return valueAt(raw, b.dtype, 0), nil
}

// Fill sets every element to v, a number converted to the buffer's dtype (an integer
// buffer takes integral values in its range).
func (b *Buffer) Fill(v any) (err error) {
	mem, err := b.live("fill")
	if err != nil {
		return err
	}
	bits, err := scalarBits(v, b.dtype)
	if err != nil {
		return fmt.Errorf("fill %s: %w", b.describe(), err)
	}
	if done := traceBuffer(b, opFill, "fill", b.Bytes(), true); done != nil {
		defer func() { done(err) }()
	}
	if err := b.a.m.b.Fill(mem, b.off, b.Bytes(), elemBytes(bits, b.dtype)); err != nil {
		return fmt.Errorf("fill %s: %w", b.describe(), err)
	}
	return nil
}

// CopyFrom copies src into the start of b; see Copy.
func (b *Buffer) CopyFrom(src *Buffer) error { return Copy(b, src) }

// Copy copies every element of src into the start of dst, on the same device or across
// devices and the host. Both must hold the same dtype, and dst at least src.Len() elements.
func Copy(dst, src *Buffer) error { return copyBuffers(dst, src, nil) }

// CopyAsync is Copy in the order of stream s: it returns at once, and s.Synchronize waits
// for it.
func CopyAsync(dst, src *Buffer, s *Stream) error {
	if s == nil {
		return errors.New("copy async: nil stream (use Copy)")
	}
	return copyBuffers(dst, src, s)
}

func copyBuffers(dst, src *Buffer, s *Stream) (err error) {
	dm, err := dst.live("copy to")
	if err != nil {
		return err
	}
	sm, err := src.live("copy from")
	if err != nil {
		return err
	}
	if dst.a.m != src.a.m {
		return fmt.Errorf("copy: the buffers belong to different device sets (%s and %s); gpu.Use made the newer one",
			src.a.m.spec, dst.a.m.spec)
	}
	if dst.dtype != src.dtype {
		return fmt.Errorf("copy %s to %s: the dtypes differ (copy moves elements as they are; convert with a kernel)",
			src.describe(), dst.describe())
	}
	if dst.n < src.n {
		return fmt.Errorf("copy %s to %s: the destination is shorter than the source", src.describe(), dst.describe())
	}
	var bs backend.Stream
	if s != nil {
		if s.m != dst.a.m {
			return errors.New("copy: the stream belongs to another device set")
		}
		if bs, err = s.live("copy"); err != nil {
			return err
		}
	}
	chunked := s == nil && src.Bytes() >= largeCopySimBytes && src.Bytes() >= dst.a.m.largeCopyBytes() && !overlap(dst, src)
	if tr := tracing.Load(); tr != nil {
		var op *traceOp
		op, bs = tr.beginCopy(dst, src, s, bs, chunked)
		defer func() { err = tr.endCopy(op, s, bs, err) }()
	}
	if chunked {
		return copyInChunks(dm, sm, dst, src)
	}
	if err := dst.a.m.b.Copy(dm, dst.off, sm, src.off, src.Bytes(), bs); err != nil {
		return fmt.Errorf("copy %s to %s: %w", src.describe(), dst.describe(), err)
	}
	if s != nil {
		s.keep(dst.a, src.a)
	}
	return nil
}

// Large copies (Copy, not CopyAsync) go in chunks, so that one that takes a while can show
// a progress bar. Variables, so that tests can make small copies large.
var (
	largeCopyCUDABytes      int64 = 1 << 30   // a copy of at least this many bytes is large on CUDA
	largeCopySimBytes       int64 = 32 << 20  // the same on simulated devices (and the least of both)
	largeCopyCUDAFirstChunk int64 = 256 << 20 // the first chunk on CUDA
	largeCopySimFirstChunk  int64 = 8 << 20   // the first chunk on simulated devices
	// largeCopyChunkTime is how long a later chunk should take: chunks grow to it from the
	// rate of the ones before (0: every chunk is the size of the first).
	largeCopyChunkTime = 100 * time.Millisecond
	// largeCopyProgressAfter is how long a large copy runs before it shows a progress bar.
	largeCopyProgressAfter = 500 * time.Millisecond
)

// largeCopyBytes is the size from which a copy on m goes in chunks.
func (m *machine) largeCopyBytes() int64 {
	if m.simulated() {
		return largeCopySimBytes
	}
	return largeCopyCUDABytes
}

// overlap reports whether dst and src are views of one allocation that share bytes (a copy
// between them must go in one piece).
func overlap(dst, src *Buffer) bool {
	return dst.a == src.a && dst.off < src.off+src.Bytes() && src.off < dst.off+src.Bytes()
}

// copyInChunks copies src into the start of dst, checked by copyBuffers, in chunks, and
// returns when it is done. A copy that has not finished after largeCopyProgressAfter shows
// a progress bar of the MiB copied. The first chunk is small; later ones grow to take about
// largeCopyChunkTime, so that the chunks add few calls to a fast copy.
func copyInChunks(dm, sm backend.Memory, dst, src *Buffer) error {
	total := src.Bytes()
	first := largeCopyCUDAFirstChunk
	if dst.a.m.simulated() {
		first = largeCopySimFirstChunk
	}
	const mib = 1 << 20
	start := time.Now()
	var bar *display.Progress
	defer func() { bar.Done() }() // a nil bar does nothing
	chunk := first
	for done := int64(0); done < total; {
		n := min(chunk, total-done)
		began := time.Now()
		if err := dst.a.m.b.Copy(dm, dst.off+done, sm, src.off+done, n, nil); err != nil {
			return fmt.Errorf("copy %s to %s: at byte %d of %d: %w", src.describe(), dst.describe(), done, total, err)
		}
		done += n
		if took := time.Since(began); largeCopyChunkTime > 0 && took > 0 {
			// As many bytes as the last chunk's rate moves in largeCopyChunkTime, in whole
			// first chunks (which keeps the offsets aligned as the first chunk's size is).
			want := float64(n) * float64(largeCopyChunkTime) / float64(took)
			chunk = max(first, int64(math.Min(want, float64(total)))/first*first)
		}
		if bar == nil && done < total && time.Since(start) >= largeCopyProgressAfter {
			bar = display.NewProgress(int((total+mib-1)/mib),
				fmt.Sprintf("copy %s %s -> %s (MiB)", formatBytes(uint64(total)), shortLabel(src.a.dev), shortLabel(dst.a.dev)))
		}
		if bar != nil {
			bar.Set(int((done + mib - 1) / mib))
		}
	}
	return nil
}
