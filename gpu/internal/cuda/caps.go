package cuda

import (
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// CUdevice_attribute values of the capabilities, from cuda.h (CUDA 12 and 13 agree).
const (
	attrHostNativeAtomicSupported      = 86  // CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED
	attrPageableMemoryAccess           = 88  // CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS
	attrConcurrentManagedAccess        = 89  // CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS
	attrPageableMemoryUsesHostPageTabs = 100 // CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES
)

// CapabilityAttributes names the cuDeviceGetAttribute attributes behind backend.DeviceCaps,
// for tests that compare them with the driver's answers.
var CapabilityAttributes = map[string]int{
	"CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED":                 attrHostNativeAtomicSupported,
	"CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS":                       attrPageableMemoryAccess,
	"CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS":                    attrConcurrentManagedAccess,
	"CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES": attrPageableMemoryUsesHostPageTabs,
}

// deviceCaps reads the capabilities of device handle h. An attribute the driver does not
// answer counts as absent, and Known is set only when every one was answered.
func deviceCaps(drv *driverAPI, h uintptr) backend.DeviceCaps {
	known := true
	flag := func(a int) bool {
		var v int32
		if ccall(drv.cuDeviceGetAttribute, uintptr(unsafe.Pointer(&v)), uintptr(a), h) != 0 {
			known = false
			return false
		}
		return v != 0
	}
	c := backend.DeviceCaps{
		HostNativeAtomics:          flag(attrHostNativeAtomicSupported),
		PageableMemoryAccess:       flag(attrPageableMemoryAccess),
		PageableUsesHostPageTables: flag(attrPageableMemoryUsesHostPageTabs),
		ConcurrentManagedAccess:    flag(attrConcurrentManagedAccess),
	}
	c.Known = known
	c.HostLink = backend.HostLinkOf(c)
	return c
}

// DeviceAttribute returns cuDeviceGetAttribute(attr) of device dev, straight from the
// driver (for tests that check what the backend reports).
func (b *Backend) DeviceAttribute(dev, attr int) (int, error) {
	if dev < 0 || dev >= len(b.devices) {
		return 0, b.newError("cuDeviceGetAttribute", dev, 101) // CUDA_ERROR_INVALID_DEVICE
	}
	var v int32
	if r := ccall(b.drv.cuDeviceGetAttribute, uintptr(unsafe.Pointer(&v)), uintptr(attr), b.devices[dev].handle); r != 0 {
		return 0, b.newError("cuDeviceGetAttribute", dev, r)
	}
	return int(v), nil
}

// P2PAttribute returns cuDeviceGetP2PAttribute(attr) from device src to device dst,
// straight from the driver (1: performance rank, 2: access supported, 3: native atomics).
func (b *Backend) P2PAttribute(src, dst, attr int) (int, error) {
	if src < 0 || src >= len(b.devices) || dst < 0 || dst >= len(b.devices) {
		return 0, b.newError("cuDeviceGetP2PAttribute", src, 101)
	}
	if b.drv.cuDeviceGetP2PAttribute == 0 {
		return 0, b.newError("cuDeviceGetP2PAttribute", src, 500) // CUDA_ERROR_NOT_FOUND
	}
	var v int32
	if r := ccall(b.drv.cuDeviceGetP2PAttribute, uintptr(unsafe.Pointer(&v)), uintptr(attr), b.devices[src].handle, b.devices[dst].handle); r != 0 {
		return 0, b.newError("cuDeviceGetP2PAttribute", src, r)
	}
	return int(v), nil
}
