package sim

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/fdpass"
)

// memory is a simulated allocation: aligned host bytes, owned by a device or the host.
type memory struct {
	b    *Backend
	dev  int
	size int64

	mu        sync.RWMutex
	buf       []byte // nil once freed
	sharedAll bool
	peers     uint64 // devices that can reach it besides its own (bit i: device i)

	mapping []byte // shared memory of ranks (export.go): the whole mapping; nil otherwise
	counted bool   // it counts against its device's memory (not so an imported mapping)
}

var _ backend.Memory = (*memory)(nil)

func (m *memory) Device() int { return m.dev }
func (m *memory) Size() int64 { return m.size }

func (m *memory) Shared() bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.sharedAll
}

// Host returns the bytes of the memory (every simulated buffer lives in host memory); nil
// once freed.
func (m *memory) Host() []byte {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.buf
}

func (m *memory) Free() error {
	m.mu.Lock()
	if m.buf == nil {
		m.mu.Unlock()
		return fmt.Errorf("free: %w", backend.ErrFreed)
	}
	m.buf = nil
	mapping := m.mapping
	m.mu.Unlock()
	if mapping != nil {
		// A kernel still running on it reads zeros from then on, instead of faulting.
		if err := fdpass.Detach(mapping); err != nil {
			return fmt.Errorf("free: %w", err)
		}
		if !m.counted {
			return nil
		}
	}
	m.b.give(m.dev, m.size)
	return nil
}

// reachable reports whether kernels on dev can address m.
func (m *memory) reachable(dev int) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if dev == m.dev {
		return true
	}
	return dev >= 0 && dev < 64 && m.peers&(1<<uint(dev)) != 0
}

func (m *memory) Pointer(dev int) (uintptr, error) {
	buf := m.Host()
	if buf == nil {
		return 0, backend.ErrFreed
	}
	if !m.reachable(dev) {
		return 0, fmt.Errorf("memory of %s is not shared with %s", m.b.deviceName(m.dev), m.b.deviceName(dev))
	}
	return uintptr(unsafe.Pointer(&buf[0])), nil
}

func (b *Backend) deviceName(dev int) string { return backend.DeviceName(dev, b.infos) }

// Alloc allocates size bytes on dev (backend.HostDevice: host memory), zeroed and aligned to
// Alignment. It fails with an error wrapping backend.ErrOutOfMemory where the device has too
// little free memory.
func (b *Backend) Alloc(dev int, size int64, opts backend.AllocOptions) (backend.Memory, error) {
	if err := b.checkDevice(dev, true); err != nil {
		return nil, fmt.Errorf("alloc: %w", err)
	}
	if size <= 0 {
		return nil, fmt.Errorf("alloc: size %d, want at least 1 byte", size)
	}
	if opts.Shared && dev != backend.HostDevice {
		// Check the links before taking memory.
		if err := b.checkShare(dev, b.allDevices()); err != nil {
			return nil, err
		}
	}
	if err := b.take(dev, size); err != nil {
		return nil, err
	}
	m := &memory{b: b, dev: dev, size: size, buf: alignedBytes(size), counted: true}
	if opts.Shared {
		if err := b.ShareWith(m, b.allDevices()); err != nil {
			m.Free()
			return nil, err
		}
	}
	return m, nil
}

// alignedBytes returns size zeroed bytes whose first byte is aligned to Alignment. The
// backing array is made of uint64 so that the garbage collector keeps it 8-byte aligned too.
func alignedBytes(size int64) []byte {
	words := make([]uint64, (size+Alignment)/8+1)
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*8)
	skip := int(-uintptr(unsafe.Pointer(&raw[0])) & (Alignment - 1))
	return raw[skip : skip+int(size) : skip+int(size)]
}

func (b *Backend) allDevices() []int {
	devs := make([]int, len(b.infos))
	for i := range devs {
		devs[i] = i
	}
	return devs
}

func (b *Backend) memory(m backend.Memory) (*memory, error) {
	sm, ok := m.(*memory)
	if !ok || sm == nil {
		return nil, fmt.Errorf("memory %T was not allocated by the simulator", m)
	}
	if sm.b != b {
		return nil, fmt.Errorf("memory was allocated by another simulator instance")
	}
	return sm, nil
}

// checkShare reports the first device of devs that can't reach memory on owner.
func (b *Backend) checkShare(owner int, devs []int) error {
	if owner == backend.HostDevice {
		return nil // every device maps pinned host memory
	}
	for _, d := range devs {
		if err := b.checkDevice(d, false); err != nil {
			return fmt.Errorf("share: %w", err)
		}
		if d == owner {
			continue
		}
		if l := b.preset.Links[owner][d]; !l.P2PAccess {
			return &backend.PeerAccessError{Owner: b.infos[owner], Peer: b.infos[d], Link: l}
		}
	}
	return nil
}

// Share makes m reachable by kernels on every device. Memory on a device whose link to
// another device has no P2P access can't be shared: the error is a *backend.PeerAccessError.
func (b *Backend) Share(m backend.Memory) error {
	return b.ShareWith(m, b.allDevices())
}

// ShareWith makes m reachable by kernels on each device in devs.
func (b *Backend) ShareWith(m backend.Memory, devs []int) error {
	sm, err := b.memory(m)
	if err != nil {
		return err
	}
	if err := b.checkShare(sm.dev, devs); err != nil {
		return err
	}
	sm.mu.Lock()
	defer sm.mu.Unlock()
	if sm.buf == nil {
		return fmt.Errorf("share: %w", backend.ErrFreed)
	}
	for _, d := range devs {
		if d >= 0 && d < 64 {
			sm.peers |= 1 << uint(d)
		}
	}
	all := true
	for d := range b.infos {
		if d != sm.dev && sm.peers&(1<<uint(d)) == 0 {
			all = false
		}
	}
	sm.sharedAll = all
	return nil
}

// span returns the bytes [off, off+n) of m, checking bounds and that m is alive.
func (b *Backend) span(m backend.Memory, off, n int64, what string) ([]byte, error) {
	sm, err := b.memory(m)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	buf := sm.Host()
	if buf == nil {
		return nil, fmt.Errorf("%s: %w", what, backend.ErrFreed)
	}
	if off < 0 || n < 0 || off+n > sm.size {
		return nil, fmt.Errorf("%s: bytes [%d, %d) out of range of a %d-byte allocation", what, off, off+n, sm.size)
	}
	return buf[off : off+n], nil
}

// Copy copies n bytes from src to dst, in stream s's order (s nil: now).
func (b *Backend) Copy(dst backend.Memory, dstOff int64, src backend.Memory, srcOff int64, n int64, s backend.Stream) error {
	d, err := b.span(dst, dstOff, n, "copy destination")
	if err != nil {
		return err
	}
	sb, err := b.span(src, srcOff, n, "copy source")
	if err != nil {
		return err
	}
	if s == nil {
		copy(d, sb)
		return nil
	}
	st, err := b.stream(s)
	if err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	return st.enqueue(func() error { copy(d, sb); return nil })
}

// Write copies src into m at off.
func (b *Backend) Write(dst backend.Memory, off int64, src []byte) error {
	d, err := b.span(dst, off, int64(len(src)), "write")
	if err != nil {
		return err
	}
	copy(d, src)
	return nil
}

// Read copies m at off into dst.
func (b *Backend) Read(src backend.Memory, off int64, dst []byte) error {
	s, err := b.span(src, off, int64(len(dst)), "read")
	if err != nil {
		return err
	}
	copy(dst, s)
	return nil
}

// Fill repeats pattern over n bytes of m at off; n must be a multiple of len(pattern).
func (b *Backend) Fill(m backend.Memory, off, n int64, pattern []byte) error {
	if len(pattern) == 0 || n%int64(len(pattern)) != 0 {
		return fmt.Errorf("fill: %d bytes is not a whole number of %d-byte patterns", n, len(pattern))
	}
	d, err := b.span(m, off, n, "fill")
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	copy(d, pattern)
	for done := len(pattern); done < len(d); done *= 2 {
		copy(d[done:], d[:done])
	}
	return nil
}
