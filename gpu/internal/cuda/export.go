package cuda

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/fdpass"
)

// Memory the rank processes of a host share (backend.Exporter): GPU memory through CUDA's
// virtual memory API, a physical allocation made with cuMemCreate that can be exported as a
// POSIX file descriptor, mapped into each process's address space (cuMemAddressReserve,
// cuMemMap) with access for its device (cuMemSetAccess); host memory as shared memory (a
// memfd) that each process maps and registers with its driver (cuMemHostRegister, portable
// and device-mapped), as its other host buffers are.

var _ backend.Exporter = (*Backend)(nil)

// CUDA virtual memory constants (cuda.h).
const (
	memAllocationTypePinned      = 1
	memHandleTypePosixFD         = 1
	memHandleTypeFabric          = 8
	memLocationTypeDevice        = 1
	memAccessFlagsReadWrite      = 3
	memAllocGranularityMinimum   = 0
	attrVirtualMemoryManagement  = 102
	attrHandleTypePosixFDSupport = 103
	attrHandleTypeFabricSupport  = 128
)

// vmmGranule is the size exported GPU memory is padded to on both sides of an export: a
// multiple of every NVIDIA GPU's allocation granularity (2 MiB), so that the importer maps
// the whole allocation without being told its padded size. A device whose granularity does
// not divide it is refused at export.
const vmmGranule = 2 << 20

// memAllocProp is CUmemAllocationProp (32 bytes on 64-bit Linux).
type memAllocProp struct {
	typ         int32
	handleTypes int32
	locType     int32
	locID       int32
	win32Meta   uintptr
	allocFlags  [8]byte
}

// memAccessDesc is CUmemAccessDesc.
type memAccessDesc struct {
	locType, locID int32
	flags          int32
}

func padVMM(size int64) int64 { return (size + vmmGranule - 1) / vmmGranule * vmmGranule }

var _ backend.ExportReporter = (*Backend)(nil)

// ExportCaps reports what the driver says of device dev's shareable memory: virtual memory
// management, POSIX file-descriptor handles (within a host) and fabric handles (multi-node
// NVLink), from cuDeviceGetAttribute.
func (b *Backend) ExportCaps(dev int) (vmm, posixFD, fabric bool, err error) {
	d, err := b.device(dev)
	if err != nil {
		return false, false, false, err
	}
	attr := func(a int) bool {
		var v int32
		return ccall(b.drv.cuDeviceGetAttribute, uintptr(unsafe.Pointer(&v)), uintptr(a), d.handle) == 0 && v != 0
	}
	return attr(attrVirtualMemoryManagement), attr(attrHandleTypePosixFDSupport), attr(attrHandleTypeFabricSupport), nil
}

// AllocExported allocates size bytes on dev (backend.HostDevice: host memory) that the other
// processes of the host can map, and returns it with a file descriptor for them: for GPU
// memory cuMemExportToShareableHandle's (close-on-exec), for host memory a memfd.
func (b *Backend) AllocExported(dev int, size int64) (backend.Memory, *os.File, error) {
	if size <= 0 {
		return nil, nil, fmt.Errorf("alloc exported: size %d, want at least 1 byte", size)
	}
	if dev == backend.HostDevice {
		f, err := fdpass.SharedMemory("peerbook-host", size)
		if err != nil {
			return nil, nil, fmt.Errorf("alloc exported on the host: %w", err)
		}
		m, err := b.mapHost(f, size)
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("alloc exported on the host: %w", err)
		}
		return m, f, nil
	}
	if !b.drv.hasVMM() {
		return nil, nil, fmt.Errorf("alloc exported on %s: the driver lacks the virtual memory API (cuMemCreate ...): it is too old", b.deviceName(dev))
	}
	d, err := b.device(dev)
	if err != nil {
		return nil, nil, fmt.Errorf("alloc exported: %w", err)
	}
	if vmm, fd, _, _ := b.ExportCaps(dev); !vmm || !fd {
		return nil, nil, fmt.Errorf("alloc exported on %s: the device does not support virtual memory management with POSIX file-descriptor handles (CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = %v, HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = %v)", b.deviceName(dev), vmm, fd)
	}
	gen, err := b.enter(d)
	if err != nil {
		return nil, nil, err
	}
	defer leave()
	prop := memAllocProp{typ: memAllocationTypePinned, handleTypes: memHandleTypePosixFD, locType: memLocationTypeDevice, locID: int32(d.ordinal)}
	var gran uintptr
	if r := ccall(b.drv.cuMemGetAllocationGranularity, uintptr(unsafe.Pointer(&gran)), uintptr(unsafe.Pointer(&prop)), memAllocGranularityMinimum); r != 0 {
		return nil, nil, fmt.Errorf("alloc exported on %s: %w", b.deviceName(dev), b.newError("cuMemGetAllocationGranularity", dev, r))
	}
	if gran == 0 || vmmGranule%gran != 0 {
		return nil, nil, fmt.Errorf("alloc exported on %s: allocation granularity %d bytes does not divide %d", b.deviceName(dev), gran, vmmGranule)
	}
	padded := padVMM(size)
	var h uint64
	r := ccall(b.drv.cuMemCreate, uintptr(unsafe.Pointer(&h)), uintptr(padded), uintptr(unsafe.Pointer(&prop)), 0)
	if r == cudaErrorOutOfMemory {
		var free, total uint64
		ccall(b.drv.cuMemGetInfo, uintptr(unsafe.Pointer(&free)), uintptr(unsafe.Pointer(&total)))
		return nil, nil, fmt.Errorf("alloc exported %s on %s: %w: asked %d bytes (%d with padding), %d free of %d",
			backend.FormatBytes(uint64(size)), b.deviceName(dev), backend.ErrOutOfMemory, size, padded, free, total)
	}
	if err := b.check(d, gen, "cuMemCreate", r); err != nil {
		return nil, nil, fmt.Errorf("alloc exported on %s: %w", b.deviceName(dev), err)
	}
	var fd int32 = -1
	if r := ccall(b.drv.cuMemExportToShareableHandle, uintptr(unsafe.Pointer(&fd)), uintptr(h), memHandleTypePosixFD, 0); r != 0 {
		ccall(b.drv.cuMemRelease, uintptr(h))
		return nil, nil, fmt.Errorf("alloc exported on %s: %w", b.deviceName(dev), b.newError("cuMemExportToShareableHandle", dev, r))
	}
	syscall.CloseOnExec(int(fd))
	f := os.NewFile(uintptr(fd), "cuda memory")
	m, err := b.mapVMM(d, gen, h, size, padded)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("alloc exported on %s: %w", b.deviceName(dev), err)
	}
	st := d.stream.Load()
	err = b.check(d, gen, "cuMemsetD8Async", ccall(b.drv.cuMemsetD8Async, m.addr, 0, uintptr(size), st))
	if err == nil {
		err = b.waitStream(d, gen, st)
	}
	if err != nil {
		m.Free()
		f.Close()
		return nil, nil, fmt.Errorf("alloc exported: zeroing: %w", err)
	}
	return m, f, nil
}

// Import maps memory another process of the host exported for the kernels of dev: GPU
// memory through cuMemImportFromShareableHandle, host memory (host set) mapped and
// registered with the driver.
func (b *Backend) Import(dev int, f *os.File, size int64, host bool) (backend.Memory, error) {
	d, err := b.device(dev)
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	if host {
		m, err := b.mapHost(f, size)
		if err != nil {
			return nil, fmt.Errorf("import host memory: %w", err)
		}
		return m, nil
	}
	if !b.drv.hasVMM() {
		return nil, fmt.Errorf("import on %s: the driver lacks the virtual memory API (cuMemImportFromShareableHandle ...)", b.deviceName(dev))
	}
	gen, err := b.enter(d)
	if err != nil {
		return nil, err
	}
	defer leave()
	var h uint64
	if r := ccall(b.drv.cuMemImportFromShareableHandle, uintptr(unsafe.Pointer(&h)), f.Fd(), memHandleTypePosixFD); r != 0 {
		return nil, fmt.Errorf("import on %s: %w", b.deviceName(dev), b.newError("cuMemImportFromShareableHandle", dev, r))
	}
	m, err := b.mapVMM(d, gen, h, size, padVMM(size))
	if err != nil {
		return nil, fmt.Errorf("import on %s: %w", b.deviceName(dev), err)
	}
	return m, nil
}

// mapVMM reserves an address range for the physical allocation h, maps it and gives d's
// context read and write access. d's context is current. On failure h is released.
func (b *Backend) mapVMM(d *device, gen uint64, h uint64, size, padded int64) (*memory, error) {
	var p uintptr
	if r := ccall(b.drv.cuMemAddressReserve, uintptr(unsafe.Pointer(&p)), uintptr(padded), 0, 0, 0); r != 0 {
		ccall(b.drv.cuMemRelease, uintptr(h))
		return nil, b.check(d, gen, "cuMemAddressReserve", r)
	}
	if r := ccall(b.drv.cuMemMap, p, uintptr(padded), 0, uintptr(h), 0); r != 0 {
		ccall(b.drv.cuMemAddressFree, p, uintptr(padded))
		ccall(b.drv.cuMemRelease, uintptr(h))
		return nil, b.check(d, gen, "cuMemMap", r)
	}
	access := memAccessDesc{locType: memLocationTypeDevice, locID: int32(d.ordinal), flags: memAccessFlagsReadWrite}
	if r := ccall(b.drv.cuMemSetAccess, p, uintptr(padded), uintptr(unsafe.Pointer(&access)), 1); r != 0 {
		ccall(b.drv.cuMemUnmap, p, uintptr(padded))
		ccall(b.drv.cuMemAddressFree, p, uintptr(padded))
		ccall(b.drv.cuMemRelease, uintptr(h))
		return nil, b.check(d, gen, "cuMemSetAccess", r)
	}
	// Memory other processes map is shared by its nature: a Peer argument (the rank's
	// runtime holds only its own device, so no other device of it needs access).
	m := &memory{b: b, dev: d.index, size: size, addr: p, vmm: h, vmmSize: padded, shared: true}
	d.mu.Lock()
	d.allocs[m] = struct{}{}
	d.mu.Unlock()
	return m, nil
}

// freeVMM unmaps and releases virtual memory; d's context is current.
func (b *Backend) freeVMM(d *device, gen uint64, m *memory) error {
	if err := b.check(d, gen, "cuMemUnmap", ccall(b.drv.cuMemUnmap, m.addr, uintptr(m.vmmSize))); err != nil {
		return err
	}
	if err := b.check(d, gen, "cuMemAddressFree", ccall(b.drv.cuMemAddressFree, m.addr, uintptr(m.vmmSize))); err != nil {
		return err
	}
	return b.check(d, gen, "cuMemRelease", ccall(b.drv.cuMemRelease, uintptr(m.vmm)))
}

// mapHost maps size bytes of shared memory f and registers them with the driver as every
// host buffer is (pinned, portable, mapped for every device).
func (b *Backend) mapHost(f *os.File, size int64) (*memory, error) {
	host, err := fdpass.Map(f, size)
	if err != nil {
		return nil, err
	}
	m := &memory{b: b, dev: backend.HostDevice, size: size, host: host, addr: uintptr(unsafe.Pointer(&host[0])), shared: true}
	if err := b.registerHost(m, true); err != nil {
		syscall.Munmap(host)
		return nil, err
	}
	b.mu.Lock()
	b.hostAllocs[m] = struct{}{}
	b.mu.Unlock()
	return m, nil
}
