package cuda

import (
	"sync"
	"testing"

	"github.com/ebitengine/purego"
	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// capsAnswers are what the fake cuDeviceGetAttribute answers, by device handle and
// attribute; a missing attribute fails with CUDA_ERROR_INVALID_VALUE.
var capsAnswers struct {
	mu sync.Mutex
	m  map[[2]uintptr]int32
}

var capsAttrFn = sync.OnceValue(func() uintptr {
	return purego.NewCallback(func(pv *int32, attr, dev uintptr) uintptr {
		capsAnswers.mu.Lock()
		defer capsAnswers.mu.Unlock()
		v, ok := capsAnswers.m[[2]uintptr{dev, attr}]
		if !ok {
			return 1
		}
		*pv = v
		return 0
	})
})

// deviceCaps asks the driver for each capability by the attribute numbers of cuda.h and
// maps the answers field by field.
func TestDeviceCaps(t *testing.T) {
	drv := &driverAPI{cuDeviceGetAttribute: capsAttrFn()}
	set := func(dev uintptr, vals map[int]int32) {
		capsAnswers.mu.Lock()
		defer capsAnswers.mu.Unlock()
		if capsAnswers.m == nil {
			capsAnswers.m = map[[2]uintptr]int32{}
		}
		for a, v := range vals {
			capsAnswers.m[[2]uintptr{dev, uintptr(a)}] = v
		}
	}
	// An x86 box with an H200 on PCIe: only concurrent managed access.
	set(0, map[int]int32{86: 0, 88: 0, 89: 1, 100: 0})
	// A Grace Hopper: everything.
	set(1, map[int]int32{86: 1, 88: 1, 89: 1, 100: 1})
	// A driver that does not know attribute 100.
	set(2, map[int]int32{86: 1, 88: 1, 89: 1})
	// Pageable access through HMM on x86 (no host page tables, no host atomics).
	set(3, map[int]int32{86: 0, 88: 1, 89: 1, 100: 0})
	cases := []backend.DeviceCaps{
		{Known: true, ConcurrentManagedAccess: true, HostLink: backend.HostLinkPCIe},
		{Known: true, HostNativeAtomics: true, PageableMemoryAccess: true, PageableUsesHostPageTables: true, ConcurrentManagedAccess: true, HostLink: backend.HostLinkC2C},
		{HostNativeAtomics: true, PageableMemoryAccess: true, ConcurrentManagedAccess: true},
		{Known: true, PageableMemoryAccess: true, ConcurrentManagedAccess: true, HostLink: backend.HostLinkPCIe},
	}
	for dev, want := range cases {
		if got := deviceCaps(drv, uintptr(dev)); got != want {
			t.Errorf("device %d: %+v, want %+v", dev, got, want)
		}
	}
	if CapabilityAttributes["CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED"] != 86 || len(CapabilityAttributes) != 4 {
		t.Errorf("attributes %v", CapabilityAttributes)
	}
}
