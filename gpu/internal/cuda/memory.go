package cuda

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// memory states.
const (
	memLive int32 = iota
	memFreed
	memLost
)

// memory is a CUDA allocation: device memory (cuMemAlloc), or host memory we map ourselves
// and register with the driver as pinned, portable and device-mapped. Host memory is ours,
// not the driver's, so a device reset never unmaps bytes that Go code may still hold.
type memory struct {
	b      *Backend
	dev    int   // owner, or backend.HostDevice
	size   int64 // bytes asked for
	addr   uintptr
	state  atomic.Int32
	lostOn atomic.Int32 // the device whose reset lost it

	mu      sync.Mutex
	peers   uint64    // devices (bit i) that may use it besides the owner
	shared  bool      // shared with every device
	host    []byte    // host memory: the mapping (page-rounded), nil otherwise
	devPtrs []uintptr // host memory: its address on each device, 0 where unmapped

	vmm     uint64 // memory shared between processes (export.go): its CUmemGenericAllocationHandle
	vmmSize int64  // and the size mapped
}

var _ backend.Memory = (*memory)(nil)

func (m *memory) Device() int { return m.dev }
func (m *memory) Size() int64 { return m.size }

func (m *memory) Shared() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.shared
}

// Host returns host-resident memory as bytes (nil for device memory and after Free).
func (m *memory) Host() []byte {
	if m.dev != backend.HostDevice || m.state.Load() == memFreed {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.host == nil {
		return nil
	}
	return m.host[:m.size:m.size]
}

// usable returns nil, or the error of using freed or lost memory.
func (m *memory) usable() error {
	switch m.state.Load() {
	case memFreed:
		return backend.ErrFreed
	case memLost:
		return fmt.Errorf("%w (device %d)", ErrLost, m.lostOn.Load())
	}
	return nil
}

func (m *memory) markLost(dev int) {
	m.lostOn.Store(int32(dev))
	m.state.CompareAndSwap(memLive, memLost)
}

// reachable reports whether kernels on dev may address m.
func (m *memory) reachable(dev int) bool {
	if dev == m.dev {
		return true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.shared || dev >= 0 && dev < 64 && m.peers&(1<<uint(dev)) != 0
}

// Pointer returns the address kernels on dev use for m.
func (m *memory) Pointer(dev int) (uintptr, error) {
	if err := m.usable(); err != nil {
		return 0, err
	}
	return m.pointer(dev)
}

func (m *memory) pointer(dev int) (uintptr, error) {
	if m.dev == backend.HostDevice {
		if dev == backend.HostDevice {
			return m.addr, nil
		}
		if !m.reachable(dev) {
			return 0, fmt.Errorf("host memory is not shared with %s: share it to use it in kernels there", m.b.deviceName(dev))
		}
		m.mu.Lock()
		defer m.mu.Unlock()
		if dev < 0 || dev >= len(m.devPtrs) || m.devPtrs[dev] == 0 {
			return 0, fmt.Errorf("%s can't map host memory", m.b.deviceName(dev))
		}
		return m.devPtrs[dev], nil
	}
	if dev == backend.HostDevice {
		return 0, fmt.Errorf("memory of %s is not host-resident: the host can't address it (copy it, or allocate on the host)", m.b.deviceName(m.dev))
	}
	if !m.reachable(dev) {
		return 0, fmt.Errorf("memory of %s is not shared with %s: ShareWithPeers to use it there", m.b.deviceName(m.dev), m.b.deviceName(dev))
	}
	return m.addr, nil
}

// Free releases m. Lost memory frees nothing; freeing twice is an error wrapping
// backend.ErrFreed.
func (m *memory) Free() error {
	old := m.state.Swap(memFreed)
	switch old {
	case memFreed:
		return fmt.Errorf("free: %w", backend.ErrFreed)
	case memLost:
		return nil
	}
	b := m.b
	if m.dev == backend.HostDevice {
		b.mu.Lock()
		delete(b.hostAllocs, m)
		b.mu.Unlock()
		m.mu.Lock()
		host := m.host
		m.host = nil
		m.mu.Unlock()
		var err error
		if b.poison.Load() == nil { // a poisoned driver keeps its pin; unmapping is enough
			err = b.unregisterHost(m)
		}
		if merr := syscall.Munmap(host); merr != nil && err == nil {
			err = fmt.Errorf("free host memory: %w", merr)
		}
		return err
	}
	d := b.devices[m.dev]
	d.mu.Lock()
	_, live := d.allocs[m]
	delete(d.allocs, m)
	d.mu.Unlock()
	if !live {
		return nil // a reset took it meanwhile
	}
	gen, err := b.enter(d)
	if err != nil {
		return err
	}
	defer leave()
	if m.vmm != 0 {
		if err := b.freeVMM(d, gen, m); err != nil {
			return fmt.Errorf("free: %w", err)
		}
		return nil
	}
	if err := b.check(d, gen, "cuMemFree", ccall(b.drv.cuMemFree, m.addr)); err != nil {
		return fmt.Errorf("free: %w", err)
	}
	return nil
}

// mem returns the *memory behind m, checked usable.
func (b *Backend) mem(m backend.Memory) (*memory, error) {
	mm, ok := m.(*memory)
	if !ok || mm == nil || mm.b != b {
		return nil, fmt.Errorf("memory %T was not allocated by this CUDA backend", m)
	}
	if err := b.poisoned(); err != nil {
		return nil, err
	}
	if err := mm.usable(); err != nil {
		return nil, err
	}
	return mm, nil
}

// Alloc allocates size bytes, zeroed, on dev; backend.HostDevice: pinned host memory that
// every device can map. Out of memory is an error wrapping backend.ErrOutOfMemory that
// gives the size asked and the memory free.
func (b *Backend) Alloc(dev int, size int64, opts backend.AllocOptions) (backend.Memory, error) {
	if size <= 0 {
		return nil, fmt.Errorf("alloc: size %d, want at least 1 byte", size)
	}
	var m *memory
	var err error
	if dev == backend.HostDevice {
		m, err = b.allocHost(size)
	} else {
		m, err = b.allocDevice(dev, size)
	}
	if err != nil {
		return nil, err
	}
	if opts.Shared {
		if err := b.Share(m); err != nil {
			m.Free()
			return nil, err
		}
	}
	return m, nil
}

func (b *Backend) allocDevice(dev int, size int64) (*memory, error) {
	d, err := b.device(dev)
	if err != nil {
		return nil, fmt.Errorf("alloc: %w", err)
	}
	gen, err := b.enter(d)
	if err != nil {
		return nil, err
	}
	defer leave()
	var p uintptr
	r := ccall(b.drv.cuMemAlloc, uintptr(unsafe.Pointer(&p)), uintptr(size))
	if r == cudaErrorOutOfMemory {
		var free, total uint64
		ccall(b.drv.cuMemGetInfo, uintptr(unsafe.Pointer(&free)), uintptr(unsafe.Pointer(&total)))
		return nil, fmt.Errorf("alloc %s on %s: %w: asked %d bytes, %d free of %d (%s free of %s)",
			backend.FormatBytes(uint64(size)), b.deviceName(dev), backend.ErrOutOfMemory, size, free, total,
			backend.FormatBytes(free), backend.FormatBytes(total))
	}
	if err := b.check(d, gen, "cuMemAlloc", r); err != nil {
		return nil, fmt.Errorf("alloc %s on %s: %w", backend.FormatBytes(uint64(size)), b.deviceName(dev), err)
	}
	st := d.stream.Load()
	err = b.check(d, gen, "cuMemsetD8Async", ccall(b.drv.cuMemsetD8Async, p, 0, uintptr(size), st))
	if err == nil {
		err = b.waitStream(d, gen, st)
	}
	if err != nil {
		ccall(b.drv.cuMemFree, p)
		return nil, fmt.Errorf("alloc: zeroing: %w", err)
	}
	m := &memory{b: b, dev: dev, size: size, addr: p}
	d.mu.Lock()
	d.allocs[m] = struct{}{}
	d.mu.Unlock()
	return m, nil
}

func (b *Backend) allocHost(size int64) (*memory, error) {
	page := int64(os.Getpagesize())
	mapped := (size + page - 1) / page * page
	host, err := syscall.Mmap(-1, 0, int(mapped), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		if errors.Is(err, syscall.ENOMEM) {
			free, total, _ := hostMemInfo()
			return nil, fmt.Errorf("alloc %s on the host: %w: asked %d bytes, %d free of %d", backend.FormatBytes(uint64(size)),
				backend.ErrOutOfMemory, size, free, total)
		}
		return nil, fmt.Errorf("alloc %s on the host: mmap: %w", backend.FormatBytes(uint64(size)), err)
	}
	m := &memory{b: b, dev: backend.HostDevice, size: size, host: host, addr: uintptr(unsafe.Pointer(&host[0]))}
	if err := b.registerHost(m, true); err != nil {
		syscall.Munmap(host)
		return nil, fmt.Errorf("alloc %s on the host: %w", backend.FormatBytes(uint64(size)), err)
	}
	b.mu.Lock()
	b.hostAllocs[m] = struct{}{}
	b.mu.Unlock()
	return m, nil
}

// registerHost pins m's mapping for every device (in device 0's context, portable) and
// records its address on each device. recover: a sticky error rebuilds the context (false
// inside a recovery).
func (b *Backend) registerHost(m *memory, recover bool) error {
	d0 := b.devices[0]
	gen, err := b.enter(d0)
	if err != nil {
		return err
	}
	r := ccall(b.drv.cuMemHostRegister, m.addr, uintptr(len(m.host)), hostRegisterPortable|hostRegisterDeviceMap)
	leave()
	if r != cudaSuccess && r != cudaErrorHostAlreadyRegister {
		if !recover {
			return b.newError("cuMemHostRegister", 0, r)
		}
		return b.check(d0, gen, "cuMemHostRegister", r)
	}
	ptrs := make([]uintptr, len(b.devices))
	for i, d := range b.devices {
		if !d.canMapHost {
			continue
		}
		if _, err := b.enter(d); err != nil {
			continue
		}
		var p uintptr
		if ccall(b.drv.cuMemHostGetDevicePointer, uintptr(unsafe.Pointer(&p)), m.addr, 0) == cudaSuccess {
			ptrs[i] = p
		}
		leave()
	}
	m.mu.Lock()
	m.devPtrs = ptrs
	m.mu.Unlock()
	return nil
}

func (b *Backend) unregisterHost(m *memory) error {
	d0 := b.devices[0]
	gen, err := b.enter(d0)
	if err != nil {
		return err
	}
	defer leave()
	if err := b.check(d0, gen, "cuMemHostUnregister", ccall(b.drv.cuMemHostUnregister, m.addr)); err != nil {
		return fmt.Errorf("free host memory: %w", err)
	}
	return nil
}

// Share makes m reachable by kernels on every device (peer access to its device from each
// other one; host memory is mapped on every device already). A pair of devices without
// peer access is a *backend.PeerAccessError naming both.
func (b *Backend) Share(m backend.Memory) error {
	all := make([]int, len(b.devices))
	for i := range all {
		all[i] = i
	}
	return b.ShareWith(m, all)
}

// ShareWith makes m reachable by kernels on each device of devs.
func (b *Backend) ShareWith(m backend.Memory, devs []int) error {
	mm, err := b.mem(m)
	if err != nil {
		return fmt.Errorf("share: %w", err)
	}
	var bits uint64
	for _, dev := range devs {
		peer, err := b.device(dev)
		if err != nil {
			return fmt.Errorf("share: %w", err)
		}
		if dev == mm.dev {
			continue
		}
		if mm.dev == backend.HostDevice {
			mm.mu.Lock()
			mapped := dev < len(mm.devPtrs) && mm.devPtrs[dev] != 0
			mm.mu.Unlock()
			if !mapped {
				return fmt.Errorf("share host memory with %s: the device can't map host memory", b.deviceName(dev))
			}
		} else if err := b.enablePeer(peer, b.devices[mm.dev], true); err != nil {
			return err
		}
		if dev < 64 {
			bits |= 1 << uint(dev)
		}
	}
	mm.mu.Lock()
	mm.peers |= bits
	all := true
	for i := range b.devices {
		if i != mm.dev && (i >= 64 || mm.peers&(1<<uint(i)) == 0) {
			all = false
		}
	}
	mm.shared = all
	mm.mu.Unlock()
	return nil
}

// enablePeer lets kernels on from address memory of to. recover: as for registerHost.
func (b *Backend) enablePeer(from, to *device, recover bool) error {
	key := [2]int{from.index, to.index}
	b.mu.Lock()
	done := b.peerEnabled[key]
	b.mu.Unlock()
	if done {
		return nil
	}
	var can int32
	if r := ccall(b.drv.cuDeviceCanAccessPeer, uintptr(unsafe.Pointer(&can)), from.handle, to.handle); r != 0 {
		return fmt.Errorf("share: %w", b.newError("cuDeviceCanAccessPeer", from.index, r))
	}
	if can == 0 {
		link := backend.Link{Kind: backend.LinkSYS}
		if t, err := b.Topology(); err == nil && to.index < len(t.Links) && from.index < len(t.Links[to.index]) {
			link = t.Links[to.index][from.index]
		}
		return &backend.PeerAccessError{Owner: to.info, Peer: from.info, Link: link}
	}
	gen, err := b.enter(from)
	if err != nil {
		return err
	}
	defer leave()
	r := ccall(b.drv.cuCtxEnablePeerAccess, to.ctx.Load(), 0)
	if r != cudaSuccess && r != cudaErrorPeerAlreadyEnabled {
		var err error = b.newError("cuCtxEnablePeerAccess", from.index, r)
		if recover {
			err = b.check(from, gen, "cuCtxEnablePeerAccess", r)
		}
		return fmt.Errorf("share memory of %s with %s: %w", b.deviceName(to.index), b.deviceName(from.index), err)
	}
	b.mu.Lock()
	b.peerEnabled[key] = true
	b.mu.Unlock()
	return nil
}
