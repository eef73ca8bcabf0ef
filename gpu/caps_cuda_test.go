package gpu

import (
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/cuda"
)

// TestCUDACapsMatchDriver compares the capabilities gpu.Topology() and Device.Caps show with
// the driver's own answers, asked here by attribute number (cuda.h's CUdevice_attribute and
// CUdevice_P2PAttribute values, written out so that a wrong constant in package cuda fails).
func TestCUDACapsMatchDriver(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	m := must(current())
	cb, ok := m.b.(*cuda.Backend)
	if !ok {
		t.Fatalf("the cuda device set runs on %T", m.b)
	}
	attrs := []struct {
		name string
		num  int
		get  func(Caps) bool
	}{
		{"CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED", 86, func(c Caps) bool { return c.HostNativeAtomics }},
		{"CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS", 88, func(c Caps) bool { return c.PageableMemoryAccess }},
		{"CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS", 89, func(c Caps) bool { return c.ConcurrentManagedAccess }},
		{"CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES", 100, func(c Caps) bool { return c.PageableUsesHostPageTables }},
	}
	topo := Topology()
	if topo.Err != nil {
		t.Fatal(topo.Err)
	}
	for _, a := range attrs {
		if got := cuda.CapabilityAttributes[a.name]; got != a.num {
			t.Errorf("package cuda queries %s as attribute %d, cuda.h has %d", a.name, got, a.num)
		}
	}
	for _, d := range Devices() {
		c, tc := d.Caps(), topo.Devices[d.Index()].Caps
		if c != tc {
			t.Errorf("%v: Caps() %+v, Topology() %+v", d, c, tc)
		}
		if !c.Known {
			t.Errorf("%v: capabilities unknown", d)
		}
		for _, a := range attrs {
			v, err := cb.DeviceAttribute(d.Index(), a.num)
			if err != nil {
				t.Errorf("%v: %s: %v", d, a.name, err)
				continue
			}
			t.Logf("%v: %s = %d", d, a.name, v)
			if (v != 0) != a.get(c) {
				t.Errorf("%v: %s = %d, Caps says %v", d, a.name, v, a.get(c))
			}
		}
		want := HostLinkPCIe
		if c.HostNativeAtomics && c.PageableUsesHostPageTables {
			want = HostLinkC2C
		}
		if c.HostLink != want {
			t.Errorf("%v: host link %q, want %q", d, c.HostLink, want)
		}
	}
	n := NumDevices()
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			l := topo.Link(i, j)
			access, err1 := cb.P2PAttribute(i, j, 2)  // CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED
			atomics, err2 := cb.P2PAttribute(i, j, 3) // CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED
			if err1 != nil || err2 != nil {
				t.Errorf("GPU%d-GPU%d: %v, %v", i, j, err1, err2)
				continue
			}
			t.Logf("GPU%d-GPU%d: %s, ACCESS_SUPPORTED %d, NATIVE_ATOMIC_SUPPORTED %d", i, j, l.Label(), access, atomics)
			if (access != 0) != l.P2PAccess || (atomics != 0) != l.NativeAtomics {
				t.Errorf("GPU%d-GPU%d: topology %+v, driver access %d atomics %d", i, j, l, access, atomics)
			}
		}
	}
	t.Logf("\n%s", topo)
}

// TestCUDAKernelAtomicsAcrossLinks launches a kernel that updates a counter of GPU0 with
// atomics from every other GPU: refused across pairs without native P2P atomics, exact
// across the others. It needs two GPUs.
func TestCUDAKernelAtomicsAcrossLinks(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	if NumDevices() < 2 {
		t.Skipf("needs two GPUs: %d visible, no pair to check", NumDevices())
	}
	ks := defineGo(t, linkAtomicsSrc)
	c := must(Dev(0).AllocShared(Uint32, 1))
	f := must(Dev(0).AllocShared(Uint32, 1))
	want := uint32(0)
	for _, d := range c.SharedWith() {
		l := must(d.PairCaps(Dev(0)))
		err := ks["bumpPeer"].Launch(d, 1, 1, c, f)
		if l.NativeAtomics {
			if err != nil {
				t.Errorf("%v: %v", d, err)
			}
			want++
		} else if err == nil {
			t.Errorf("%v: atomics over %s without native P2P atomics were launched", d, l.Label())
		}
	}
	if v := must(c.Uint32s()); v[0] != want {
		t.Errorf("counter %d, want %d", v[0], want)
	}
}
