package gpu

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/sim"
)

// allPresets are the simulated machines every capability test runs on.
var allPresets = []string{"sim:2", "sim:1", "sim:nvswitch8", "sim:pcie4", "sim:nvlink2", "sim:gh200"}

func TestCapsPerPreset(t *testing.T) {
	for _, spec := range allPresets {
		use(t, spec)
		c := Dev(0).Caps()
		c2c := spec == "sim:gh200"
		if !c.Known || c.HostNativeAtomics != c2c || c.PageableUsesHostPageTables != c2c || c.PageableMemoryAccess != c2c || !c.ConcurrentManagedAccess {
			t.Errorf("%s: caps %+v", spec, c)
		}
		if want := map[bool]HostLinkKind{true: HostLinkC2C, false: HostLinkPCIe}[c2c]; c.HostLink != want {
			t.Errorf("%s: host link %q, want %q", spec, c.HostLink, want)
		}
		if Host().Caps() != (Caps{}) {
			t.Errorf("%s: the host has caps %+v", spec, Host().Caps())
		}
		self := must(Dev(0).PairCaps(Dev(0)))
		if self.Kind != LinkSelf || !self.P2PAccess || !self.NativeAtomics {
			t.Errorf("%s: self link %+v", spec, self)
		}
	}
	use(t, "sim:pcie4")
	for _, c := range []struct {
		a, b         int
		kind         LinkKind
		p2p, atomics bool
	}{{0, 1, LinkPIX, true, true}, {1, 0, LinkPIX, true, true}, {0, 2, LinkPHB, true, false},
		{2, 1, LinkPHB, true, false}, {0, 3, LinkSYS, false, false}, {3, 2, LinkSYS, false, false}} {
		l := must(Dev(c.a).PairCaps(Dev(c.b)))
		if l.Kind != c.kind || l.P2PAccess != c.p2p || l.NativeAtomics != c.atomics {
			t.Errorf("pcie4 GPU%d-GPU%d: %+v", c.a, c.b, l)
		}
	}
	_, err := Dev(0).PairCaps(Host())
	wantErr(t, err, "pair caps of device 0 (sim-L40S-0) and the host: the host is not a GPU; its link to a GPU is in that GPU's Caps().HostLink")
	use(t, "sim:gh200")
	if l := must(Dev(0).PairCaps(Dev(1))); l.Label() != "NV18" || !l.NativeAtomics {
		t.Errorf("gh200 pair: %+v", l)
	}
	// A preset without capabilities (a custom one) has them unknown, and so absent.
	p := must(sim.LookupPreset("2"))
	p.Devices[0].Caps = backend.DeviceCaps{}
	p.Devices[1].Caps = backend.DeviceCaps{}
	sb := must(sim.NewPreset(p))
	if c := sb.Devices()[0].Caps; c.Known || c.HostNativeAtomics || c.HostLink != "" {
		t.Errorf("custom preset caps %+v", c)
	}
}

func TestHostAtomicsRefusedWithoutHostNativeAtomics(t *testing.T) {
	for _, spec := range allPresets {
		use(t, spec)
		c := must(Host().AllocShared(Uint64, 2))
		_, addErr := c.AtomicAdd(0, 1)
		_, casErr := c.AtomicCAS(1, 0, 1)
		if Dev(0).Caps().HostNativeAtomics {
			if addErr != nil || casErr != nil {
				t.Errorf("%s: host atomics refused with host-native atomics: %v, %v", spec, addErr, casErr)
			}
			continue
		}
		var ce *CapabilityError
		if !errors.As(addErr, &ce) || !errors.Is(addErr, ErrCapability) || !errors.Is(casErr, ErrCapability) {
			t.Fatalf("%s: host atomics on a shared host buffer: %v, %v", spec, addErr, casErr)
		}
		if ce.Capability != "host-native atomics" || !strings.Contains(ce.Attribute, "CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 0, host link PCIe") {
			t.Errorf("%s: %+v", spec, ce)
		}
		// Nothing changed, and plain loads and stores still work.
		if v := must(c.AtomicLoad(0)); v != 0 {
			t.Errorf("%s: a refused add changed the counter to %d", spec, v)
		}
		must(0, c.AtomicStore(0, 5))
		// A host buffer no kernel reaches takes host atomics.
		u := must(Host().Alloc(Uint64, 1))
		if _, err := u.AtomicAdd(0, 1); err != nil {
			t.Errorf("%s: host atomic on an unshared host buffer: %v", spec, err)
		}
	}
	use(t, "sim:pcie4")
	c := must(Host().AllocShared(Uint64, 1))
	_, err := c.AtomicAdd(0, 1)
	wantErr(t, err, "atomic add on uint64[1] on the host: device 0 (sim-L40S-0) (and 3 other GPUs it is shared with) has no host-native atomics "+
		"(CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 0, host link PCIe): the buffer is shared with it, and a host read-modify-write racing its kernels' atomics on the same element would lose updates. "+
		"Make the update on the device instead: buf.AtomicAddVia(gpu.Dev(0), i, ...) runs it as a kernel atomic there; host plain loads and stores (AtomicLoad, AtomicStore, WaitValue) stay safe for flags; "+
		"or use a host buffer that no kernel reaches (gpu.Host().Alloc)")
}

func TestAtomicVia(t *testing.T) {
	for _, spec := range []string{"sim:pcie4", "sim:gh200"} {
		use(t, spec)
		for _, dt := range []DType{Int32, Uint32, Int64, Uint64} {
			c := must(Host().AllocShared(dt, 3))
			if old := must(c.AtomicAddVia(Dev(0), 1, 5)); old != 0 {
				t.Errorf("%s %s: old %d", spec, dt, old)
			}
			if old := must(c.AtomicAddVia(Dev(1), 1, -7)); old != 5 {
				t.Errorf("%s %s: old %d", spec, dt, old)
			}
			want := int64(-2)
			switch dt {
			case Uint32:
				want = 0xfffffffe
			}
			if v := must(c.AtomicLoad(1)); v != want {
				t.Errorf("%s %s: 5-7 = %d, want %d", spec, dt, v, want)
			}
			if ok := must(c.AtomicCASVia(Dev(0), 2, 0, 9)); !ok {
				t.Errorf("%s %s: CAS from 0 failed", spec, dt)
			}
			if ok := must(c.AtomicCASVia(Dev(0), 2, 0, 10)); ok {
				t.Errorf("%s %s: CAS with a stale value succeeded", spec, dt)
			}
			if v := must(c.AtomicLoad(2)); v != 9 {
				t.Errorf("%s %s: after CAS %d", spec, dt, v)
			}
		}
	}
	use(t, "sim:pcie4")
	f := must(Host().AllocShared(Float32, 1))
	_, err := f.AtomicAddVia(Dev(0), 0, 1)
	wantErr(t, err, "atomic add via device 0 (sim-L40S-0) on float32[1] on the host: device atomics work on int32, uint32, int64 and uint64 buffers, not float32")
	c := must(Host().AllocShared(Int32, 1))
	_, err = c.AtomicAddVia(Host(), 0, 1)
	wantErr(t, err, "atomic add on int32[1] on the host: the update is made by a GPU's kernel; name a GPU (gpu.Dev(0)), not the host")
	_, err = c.AtomicAddVia(Dev(0), 1, 1)
	wantErr(t, err, "atomic add via device 0 (sim-L40S-0) on int32[1] on the host: index 1 out of range [0, 1)")
	// A counter on GPU0 updated through GPU2: the PHB link has no native P2P atomics.
	g := must(Dev(0).AllocShared(Int32, 1))
	_, err = g.AtomicAddVia(Dev(2), 0, 1)
	if !errors.Is(err, ErrCapability) {
		t.Errorf("add via GPU2 on a GPU0 counter over PHB: %v", err)
	}
	if old := must(g.AtomicAddVia(Dev(1), 0, 1)); old != 0 {
		t.Errorf("add via GPU1 over PIX: old %d", old)
	}
}

// hostCounterSrc is the kernel of the scenario measured on the H200 (issue 17).
const hostCounterSrc = `
func hostCount(t gpu.Thread, c gpu.Peer[uint64], reps int) {
	for r := 0; r < reps; r++ {
		gpu.AtomicAdd(&c[0], uint64(1))
	}
}`

// hostCounterCUDA is the same kernel in CUDA C (run on simulated devices by package csim).
const hostCounterCUDA = `
__global__ void hostCountC(Peer<unsigned long long> c, long long reps) {
  for (long long r = 0; r < reps; r++) atomicAdd(&c[0], 1ull);
}`

// hostCounterKernel is the scenario's kernel: the Go one, or the CUDA C one.
func hostCounterKernel(t *testing.T, cudaC bool) *Kernel {
	t.Helper()
	if cudaC {
		must(DefineCUDA(hostCounterCUDA, "cell[9]", 1))
		return lookupKernel("hostCountC")
	}
	return defineGo(t, hostCounterSrc)["hostCount"]
}

// hostCounterScenario runs the H200 scenario on the current devices: 4 streams × 32 blocks
// × 256 threads, each thread adding 1 to a host-resident Peer counter reps times, while the
// host adds 1 hostAdds times, with host atomics where the device has host-native atomics
// and through AtomicAddVia otherwise. It returns the total and the host's first error.
func hostCounterScenario(t *testing.T, k *Kernel, reps, hostAdds int, via bool) (int64, error) {
	t.Helper()
	counter := must(Host().AllocShared(Uint64, 1))
	d := Dev(0)
	streams := make([]*Stream, 4)
	for i := range streams {
		streams[i] = must(d.NewStream())
		defer streams[i].Destroy()
	}
	for _, s := range streams {
		must(0, k.Launch(d, 32, 256, counter, reps, OnStream(s)))
	}
	var hostErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < hostAdds; i++ {
			var err error
			if via {
				_, err = counter.AtomicAddVia(d, 0, 1)
			} else {
				_, err = counter.AtomicAdd(0, 1)
			}
			if err != nil {
				hostErr = fmt.Errorf("host add %d: %w", i, err)
				return
			}
		}
	}()
	wg.Wait()
	for _, s := range streams {
		must(0, s.Synchronize())
	}
	return must(counter.AtomicLoad(0)), hostErr
}

// checkHostCounter runs the scenario and checks it is exact or refused, as the device's
// capabilities say.
func checkHostCounter(t *testing.T, name string, reps, hostAdds int) {
	for _, cudaC := range []bool{false, true} {
		checkHostCounterWith(t, fmt.Sprintf("%s (CUDA C %v)", name, cudaC), hostCounterKernel(t, cudaC), reps, hostAdds)
	}
}

func checkHostCounterWith(t *testing.T, name string, k *Kernel, reps, hostAdds int) {
	gpuAdds := int64(4 * 32 * 256 * reps)
	total, err := hostCounterScenario(t, k, reps, hostAdds, false)
	if Dev(0).Caps().HostNativeAtomics {
		if err != nil || total != gpuAdds+int64(hostAdds) {
			t.Errorf("%s (host-native atomics): total %d, want %d; %v", name, total, gpuAdds+int64(hostAdds), err)
		}
	} else {
		if !errors.Is(err, ErrCapability) || !strings.Contains(err.Error(), "host add 0: atomic add on uint64[1] on the host") {
			t.Errorf("%s (no host-native atomics): host atomics not refused: %v", name, err)
		}
		if total != gpuAdds {
			t.Errorf("%s: the GPU's adds alone: %d, want %d", name, total, gpuAdds)
		}
	}
	// The way out: the host's adds made by the device are exact on every machine.
	total, err = hostCounterScenario(t, k, reps, hostAdds, true)
	if err != nil || total != gpuAdds+int64(hostAdds) {
		t.Errorf("%s through AtomicAddVia: total %d, want %d; %v", name, total, gpuAdds+int64(hostAdds), err)
	}
}

// The H200 scenario on simulated devices: refused on x86 presets (as on the H200), exact
// on gh200. Fewer adds than on a GPU: the simulator runs kernels on the CPU.
func TestHostCounterScenarioSim(t *testing.T) {
	for _, spec := range []string{"sim:pcie4", "sim:gh200", "sim:1"} {
		use(t, spec)
		checkHostCounter(t, spec, 10, 20000)
	}
}

// The H200 scenario as measured there: 4 streams × 32 blocks × 256 threads × 10 adds and
// 20,000 host adds; refused (no host-native atomics) or exact, never a lost update.
func TestCUDAHostCounterScenario(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	t.Logf("device 0: %s, caps %+v", Dev(0), Dev(0).Caps())
	checkHostCounter(t, "cuda", 10, 20000)
}

const linkAtomicsSrc = `
func bumpPeer(t gpu.Thread, c gpu.Peer[uint32], flag gpu.Peer[uint32]) {
	gpu.AtomicAdd(&c[0], uint32(1))
	gpu.AtomicStore(&flag[0], uint32(1))
}

//gpu:device
func bumpHelper(c gpu.Peer[uint32]) {
	gpu.AtomicCAS(&c[0], uint32(0), uint32(7))
}

func bumpThroughHelper(t gpu.Thread, c gpu.Peer[uint32]) {
	bumpHelper(c)
}

func storeFlag(t gpu.Thread, flag gpu.Peer[uint32], v uint32) {
	gpu.AtomicStore(&flag[0], v)
	flag[1] = v
}`

const linkAtomicsCUDA = `
__global__ void cudaBump(Peer<unsigned> c, Peer<unsigned> flag) {
  atomicAdd(&c[0], 1u);
  flag_set(flag, 0, 1u);
}
__global__ void cudaFlag(Peer<unsigned> flag, unsigned v) { flag[0] = v; }
`

func TestKernelAtomicsAcrossLinks(t *testing.T) {
	use(t, "sim:pcie4")
	ks := defineGo(t, linkAtomicsSrc)
	must(DefineCUDA(linkAtomicsCUDA, "cell[2]", 1))
	bump, helper, store := ks["bumpPeer"], ks["bumpThroughHelper"], ks["storeFlag"]
	cbump, cflag := lookupKernel("cudaBump"), lookupKernel("cudaFlag")
	c := must(Dev(0).AllocShared(Uint32, 2)) // shared with GPU0-2 (GPU3 has no P2P)
	flag := must(Dev(0).AllocShared(Uint32, 2))
	// On the owner and over PIX (native P2P atomics): fine.
	for _, d := range []*Device{Dev(0), Dev(1)} {
		must(0, bump.Launch(d, 1, 1, c, flag))
		must(0, helper.Launch(d, 1, 1, c))
		must(0, cbump.Launch(d, 1, 1, c, flag))
	}
	if v := must(c.Uint32s()); v[0] != 4 {
		t.Errorf("counter %d, want 4", v[0])
	}
	// Over PHB (P2P access, no native atomics): refused before launch, naming the capability.
	err := bump.Launch(Dev(2), 1, 1, c, flag)
	wantErr(t, err, "launch bumpPeer on device 2 (sim-L40S-2): argument 1 (c gpu.Peer[uint32]): device 2 (sim-L40S-2) has no native P2P atomics with device 0 (sim-L40S-0) "+
		"(CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 0, link PHB): the kernel updates this buffer of device 0 (sim-L40S-0) with read-modify-write atomics, and over this link they are not atomic with respect to that device's, nor each other's: updates would be lost. "+
		"Launch the kernel on device 0 (sim-L40S-0), where the buffer lives; or give each device its own counter and combine them after; or pass the counter in host memory (gpu.Host().AllocShared) on a machine with host-native atomics. Plain loads and stores (flags) across the link stay safe")
	if !errors.Is(err, ErrCapability) {
		t.Errorf("not an ErrCapability: %v", err)
	}
	wantErrContains(t, helper.Launch(Dev(2), 1, 1, c), "launch bumpThroughHelper on device 2 (sim-L40S-2): argument 1 (c gpu.Peer[uint32]): device 2 (sim-L40S-2) has no native P2P atomics")
	wantErrContains(t, cbump.Launch(Dev(2), 1, 1, c, flag), "launch cudaBump on device 2 (sim-L40S-2): argument 1 (c gpu.Peer[uint32])")
	if v := must(c.Uint32s()); v[0] != 4 {
		t.Errorf("a refused launch ran: counter %d", v[0])
	}
	// Flags (plain loads and stores, AtomicStore) over PHB keep working.
	must(0, store.Launch(Dev(2), 1, 1, flag, 9))
	must(0, cflag.Launch(Dev(2), 1, 1, flag, 9))
	if v := must(flag.Uint32s()); v[0] != 9 || v[1] != 9 {
		t.Errorf("flag %v", v)
	}
	// The counter on the device that updates it, the flag across: fine.
	c2 := must(Dev(2).AllocShared(Uint32, 1))
	must(0, bump.Launch(Dev(2), 1, 1, c2, flag))
	// A CUDA source whose atomics the scan can't attribute counts every buffer, and says so.
	must(DefineCUDA(`__device__ void inc(unsigned* p) { atomicAdd(p, 1u); }
__global__ void cudaOpaque(Peer<unsigned> flag) { flag[0] = 1; }`, "cell[3]", 1))
	wantErrContains(t, lookupKernel("cudaOpaque").Launch(Dev(2), 1, 1, flag),
		"(counted on every buffer parameter: the source has atomics outside kernel bodies (device functions), which the scan does not follow to their callers)")
	// Every preset with native atomics between all pairs takes the launch across devices.
	for _, spec := range []string{"sim:2", "sim:nvswitch8", "sim:nvlink2", "sim:gh200"} {
		use(t, spec)
		ks := defineGo(t, linkAtomicsSrc)
		c := must(Dev(0).AllocShared(Uint32, 1))
		f := must(Dev(0).AllocShared(Uint32, 1))
		for _, d := range Devices() {
			must(0, ks["bumpPeer"].Launch(d, 1, 1, c, f))
		}
		if v := must(c.Uint32s()); int(v[0]) != NumDevices() {
			t.Errorf("%s: counter %d", spec, v[0])
		}
	}
}

// Kernels of two GPUs updating one host counter at once: refused where a GPU lacks
// host-native atomics, until the first GPU's stream is synchronized; exact on gh200.
func TestHostAtomicsAcrossGPUs(t *testing.T) {
	for _, spec := range []string{"sim:2", "sim:pcie4", "sim:gh200"} {
		use(t, spec)
		count := defineGo(t, hostCounterSrc)["hostCount"]
		c := must(Host().AllocShared(Uint64, 1))
		s0, s1 := must(Dev(0).NewStream()), must(Dev(1).NewStream())
		must(0, count.Launch(Dev(0), 2, 32, c, 3, OnStream(s0)))
		must(0, count.Launch(Dev(0), 2, 32, c, 3, OnStream(s0))) // the same GPU: fine
		err := count.Launch(Dev(1), 2, 32, c, 3, OnStream(s1))
		_, viaErr := c.AtomicAddVia(Dev(1), 0, 1)
		native := Dev(0).Caps().HostNativeAtomics
		want := uint64(2 * 2 * 32 * 3)
		if native {
			if err != nil || viaErr != nil {
				t.Errorf("%s: %v, %v", spec, err, viaErr)
			}
			want += 2*32*3 + 1
		} else {
			wantErrContains(t, err, "launch hostCount on device 1", "argument 1 (c gpu.Peer[uint64])",
				"has no host-native atomics", "while kernels of device 0", "queued on a stream not synchronized since",
				"Synchronize device 0")
			if !errors.Is(viaErr, ErrCapability) {
				t.Errorf("%s: AtomicAddVia on GPU1 while GPU0's kernels update the counter: %v", spec, viaErr)
			}
		}
		must(0, s0.Synchronize())
		must(0, s1.Synchronize())
		if v := must(c.Uint64s()); v[0] != want {
			t.Errorf("%s: counter %d, want %d", spec, v[0], want)
		}
		// Once GPU0's stream is synchronized, GPU1 may update the counter.
		must(0, count.Launch(Dev(1), 1, 1, c, 1))
		if _, err := c.AtomicAddVia(Dev(1), 0, 1); err != nil {
			t.Errorf("%s: after synchronizing: %v", spec, err)
		}
	}
}
