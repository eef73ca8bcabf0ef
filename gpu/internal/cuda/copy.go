package cuda

import (
	"bytes"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// span checks that [off, off+n) lies in m.
func span(m *memory, off, n int64, what string) error {
	if off < 0 || n < 0 || off > m.size || n > m.size-off {
		return fmt.Errorf("%s: bytes [%d, %d) out of range of a %d-byte allocation", what, off, off+n, m.size)
	}
	return nil
}

// Copy copies n bytes between any two allocations: on one device, across devices (peer
// copy, staged by the driver where there is no peer access), or to and from host memory.
// With a nil stream it returns when the copy is done; otherwise it is queued on s.
func (b *Backend) Copy(dst backend.Memory, dstOff int64, src backend.Memory, srcOff int64, n int64, s backend.Stream) error {
	dm, err := b.mem(dst)
	if err != nil {
		return fmt.Errorf("copy: destination: %w", err)
	}
	sm, err := b.mem(src)
	if err != nil {
		return fmt.Errorf("copy: source: %w", err)
	}
	if err := span(dm, dstOff, n, "copy: destination"); err != nil {
		return err
	}
	if err := span(sm, srcOff, n, "copy: source"); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	var st *stream
	if s != nil {
		if st, err = b.stream(s); err != nil {
			return fmt.Errorf("copy: %w", err)
		}
	}
	if dm.dev == backend.HostDevice && sm.dev == backend.HostDevice && st == nil {
		copy(dm.host[dstOff:dstOff+n], sm.host[srcOff:srcOff+n])
		return nil
	}
	// The device whose context runs the copy.
	var d *device
	switch {
	case st != nil:
		d = st.d
	case dm.dev != backend.HostDevice:
		d = b.devices[dm.dev]
	case sm.dev != backend.HostDevice:
		d = b.devices[sm.dev]
	default:
		d = b.devices[0]
	}
	gen, err := b.enter(d)
	if err != nil {
		return err
	}
	defer leave()
	handle := d.stream.Load()
	if st != nil {
		if handle, err = st.live(); err != nil {
			return fmt.Errorf("copy: %w", err)
		}
	}
	dp, sp := dm.addr+uintptr(dstOff), sm.addr+uintptr(srcOff)
	var r cuResult
	op := "cuMemcpyAsync"
	if dm.dev != backend.HostDevice && sm.dev != backend.HostDevice && dm.dev != sm.dev {
		op = "cuMemcpyPeerAsync"
		r = ccall(b.drv.cuMemcpyPeerAsync, dp, b.devices[dm.dev].ctx.Load(), sp, b.devices[sm.dev].ctx.Load(), uintptr(n), handle)
	} else {
		r = ccall(b.drv.cuMemcpyAsync, dp, sp, uintptr(n), handle)
	}
	if err := b.check(d, gen, op, r); err != nil {
		return fmt.Errorf("copy %s from %s to %s: %w", backend.FormatBytes(uint64(n)), b.deviceName(sm.dev), b.deviceName(dm.dev), err)
	}
	if st == nil {
		return b.waitStream(d, gen, handle)
	}
	return nil
}

// Write copies src into dst at byte offset off, and returns when it is done.
func (b *Backend) Write(dst backend.Memory, off int64, src []byte) error {
	return b.transfer(dst, off, src, true)
}

// Read copies len(dst) bytes of src at byte offset off into dst, and returns when done.
func (b *Backend) Read(src backend.Memory, off int64, dst []byte) error {
	return b.transfer(src, off, dst, false)
}

// transfer copies between Go memory p and m at off: into m when write, out of it otherwise.
func (b *Backend) transfer(mem backend.Memory, off int64, p []byte, write bool) error {
	what, fn, op, dir := "read", b.drv.cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync", "from"
	if write {
		what, fn, op, dir = "write", b.drv.cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync", "to"
	}
	m, err := b.mem(mem)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if err := span(m, off, int64(len(p)), what); err != nil {
		return err
	}
	if len(p) == 0 {
		return nil
	}
	if m.dev == backend.HostDevice {
		if write {
			copy(m.host[off:], p)
		} else {
			copy(p, m.host[off:])
		}
		return nil
	}
	d := b.devices[m.dev]
	gen, err := b.enter(d)
	if err != nil {
		return err
	}
	defer leave()
	st := d.stream.Load()
	// The Go address is converted in the call's argument list: ccall's uintptrescapes then
	// keeps p on the heap and in place for the call.
	dev := m.addr + uintptr(off)
	var r cuResult
	if write {
		r = ccall(fn, dev, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)), st)
	} else {
		r = ccall(fn, uintptr(unsafe.Pointer(&p[0])), dev, uintptr(len(p)), st)
	}
	if err := b.check(d, gen, op, r); err != nil {
		return fmt.Errorf("%s %s %s %s: %w", what, backend.FormatBytes(uint64(len(p))), dir, b.deviceName(m.dev), err)
	}
	err = b.waitStream(d, gen, st)
	runtime.KeepAlive(p)
	return err
}

// minimalPeriod returns the shortest prefix of p that p repeats ([0 0 0 0] -> [0]).
func minimalPeriod(p []byte) []byte {
	for k := 1; k < len(p); k++ {
		if len(p)%k == 0 && bytes.Equal(p[k:], p[:len(p)-k]) {
			return p[:k]
		}
	}
	return p
}

// Fill writes pattern over n bytes of m from off; n must be a multiple of len(pattern).
// Patterns of 1, 2 and 4 bytes use the driver's memset; others write one run and double it
// with device copies.
func (b *Backend) Fill(m backend.Memory, off, n int64, pattern []byte) error {
	mm, err := b.mem(m)
	if err != nil {
		return fmt.Errorf("fill: %w", err)
	}
	if len(pattern) == 0 {
		return fmt.Errorf("fill: empty pattern")
	}
	if n%int64(len(pattern)) != 0 {
		return fmt.Errorf("fill: %d bytes is not a multiple of the %d-byte pattern", n, len(pattern))
	}
	if err := span(mm, off, n, "fill"); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if mm.dev == backend.HostDevice {
		fillBytes(mm.host[off:off+n], pattern)
		return nil
	}
	p := minimalPeriod(pattern)
	d := b.devices[mm.dev]
	dp := mm.addr + uintptr(off)
	var fn, count, value uintptr
	switch {
	case len(p) == 1:
		fn, count, value = b.drv.cuMemsetD8Async, uintptr(n), uintptr(p[0])
	case len(p) == 2 && dp%2 == 0:
		fn, count, value = b.drv.cuMemsetD16Async, uintptr(n/2), uintptr(p[0])|uintptr(p[1])<<8
	case len(p) == 4 && dp%4 == 0:
		fn, count = b.drv.cuMemsetD32Async, uintptr(n/4)
		value = uintptr(p[0]) | uintptr(p[1])<<8 | uintptr(p[2])<<16 | uintptr(p[3])<<24
	}
	if fn != 0 {
		gen, err := b.enter(d)
		if err != nil {
			return err
		}
		defer leave()
		st := d.stream.Load()
		if err := b.check(d, gen, "cuMemset", ccall(fn, dp, value, count, st)); err != nil {
			return fmt.Errorf("fill: %w", err)
		}
		return b.waitStream(d, gen, st)
	}
	// Any other pattern: one run written from the host, then doubled on the device.
	run := int64(len(pattern))
	for run < 64<<10 && run*2 <= n {
		run *= 2
	}
	first := make([]byte, run)
	fillBytes(first, pattern)
	if err := b.Write(mm, off, first); err != nil {
		return fmt.Errorf("fill: %w", err)
	}
	gen, err := b.enter(d)
	if err != nil {
		return err
	}
	defer leave()
	st := d.stream.Load()
	for done := run; done < n; {
		c := min(done, n-done)
		if err := b.check(d, gen, "cuMemcpyAsync", ccall(b.drv.cuMemcpyAsync, dp+uintptr(done), dp, uintptr(c), st)); err != nil {
			return fmt.Errorf("fill: %w", err)
		}
		done += c
	}
	return b.waitStream(d, gen, st)
}

// fillBytes repeats pattern over dst (len(dst) a multiple of len(pattern)).
func fillBytes(dst, pattern []byte) {
	if len(dst) == 0 {
		return
	}
	n := copy(dst, pattern)
	for n < len(dst) {
		n += copy(dst[n:], dst[:n])
	}
}
