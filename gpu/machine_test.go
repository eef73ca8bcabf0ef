package gpu

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/sim"
)

// resetState forgets the chosen devices so that the next use chooses again, and restores
// the state after the test.
func resetState(t *testing.T, openCUDA func() (backend.Backend, error)) *bytes.Buffer {
	t.Helper()
	state.mu.Lock()
	savedM, savedErr, savedNotice, savedOpen := state.m, state.err, state.notice, state.openCUDA
	var notice bytes.Buffer
	state.m, state.err, state.notice, state.openCUDA = nil, nil, &notice, openCUDA
	state.mu.Unlock()
	t.Cleanup(func() {
		state.mu.Lock()
		state.m, state.err, state.notice, state.openCUDA = savedM, savedErr, savedNotice, savedOpen
		state.mu.Unlock()
	})
	return &notice
}

func TestDefaultFallsBackToSimOnceWithOneLine(t *testing.T) {
	t.Setenv(EnvDevices, "")
	notice := resetState(t, func() (backend.Backend, error) {
		return nil, errors.New("libcuda.so.1: cannot open shared object file")
	})
	devs := Devices()
	Devices()
	Dev(0)
	if len(devs) != 2 || !devs[0].Simulated() {
		t.Fatalf("devices %v", devs)
	}
	want := "peerbook: using simulated devices (sim:2: 2 simulated GPUs, NVLink between every pair) because CUDA is not available: libcuda.so.1: cannot open shared object file; set PEERBOOK_DEVICES to choose\n"
	if notice.String() != want {
		t.Errorf("notice:\n  got  %q\n  want %q", notice.String(), want)
	}
	if Runtime() != "sim:2: 2 simulated GPUs, NVLink between every pair" {
		t.Errorf("Runtime() = %q", Runtime())
	}
}

func TestDefaultPrefersCUDA(t *testing.T) {
	t.Setenv(EnvDevices, "")
	notice := resetState(t, func() (backend.Backend, error) { return sim.New("3") })
	if n := NumDevices(); n != 3 {
		t.Errorf("%d devices from the CUDA stand-in, want 3", n)
	}
	if notice.Len() != 0 {
		t.Errorf("notice %q with CUDA available", notice.String())
	}
	if !strings.HasPrefix(Runtime(), "CUDA") {
		t.Errorf("Runtime() = %q", Runtime())
	}
}

func TestDefaultNoCUDADevices(t *testing.T) {
	t.Setenv(EnvDevices, "")
	notice := resetState(t, func() (backend.Backend, error) {
		return &noDevices{}, nil
	})
	if NumDevices() != 2 || !strings.Contains(notice.String(), "the CUDA driver reports no device") {
		t.Errorf("%d devices, notice %q", NumDevices(), notice.String())
	}
}

// noDevices is a CUDA backend stand-in without devices.
type noDevices struct{ backend.Backend }

func (*noDevices) Devices() []backend.DeviceInfo { return nil }

func TestEnvChoosesPreset(t *testing.T) {
	for spec, n := range map[string]int{"sim": 2, "sim:5": 5, "sim:nvswitch8": 8, "sim:pcie4": 4, "sim:nvlink2": 2} {
		t.Setenv(EnvDevices, spec)
		notice := resetState(t, nil)
		if got := NumDevices(); got != n {
			t.Errorf("%s: %d devices, want %d", spec, got, n)
		}
		if notice.Len() != 0 {
			t.Errorf("%s: notice %q for an explicit choice", spec, notice.String())
		}
	}
}

func TestEnvErrors(t *testing.T) {
	cases := map[string]string{
		"cuda":    "PEERBOOK_DEVICES=cuda: no driver here",
		"sim:dgx": `PEERBOOK_DEVICES=sim:dgx: unknown simulator preset "dgx" (want a device count or one of nvswitch8, pcie4, nvlink2, gh200)`,
		"sim:0":   `PEERBOOK_DEVICES=sim:0: simulator preset "0": device count must be 1..64`,
		"opencl":  `PEERBOOK_DEVICES="opencl": want cuda, sim, sim:N or sim:PRESET (nvswitch8, pcie4, nvlink2, gh200)`,
	}
	for spec, want := range cases {
		t.Setenv(EnvDevices, spec)
		resetState(t, func() (backend.Backend, error) { return nil, errors.New("no driver here") })
		if Devices() != nil {
			t.Errorf("%s: devices despite the error", spec)
		}
		if got := Runtime(); got != "no devices: "+want {
			t.Errorf("%s: Runtime() = %q, want %q", spec, got, "no devices: "+want)
		}
		func() {
			defer func() {
				r := recover()
				err, _ := r.(error)
				if err == nil || err.Error() != "gpu.Dev(0): "+want {
					t.Errorf("%s: Dev(0) panicked with %v", spec, r)
				}
			}()
			Dev(0)
		}()
		wantErr(t, Synchronize(), want)
		if topo := Topology(); topo.Err == nil {
			t.Errorf("%s: topology without error", spec)
		}
	}
}

func TestUseAndDevices(t *testing.T) {
	use(t, "sim:nvswitch8")
	devs := Devices()
	if len(devs) != 8 {
		t.Fatalf("%d devices", len(devs))
	}
	d := Dev(5)
	if d.Index() != 5 || d.Name() != "sim-H200-5" || !d.Simulated() || d.IsHost() || d.Backend() != "sim" ||
		d.ComputeCapability() != "9.0" || d.Memory() != 1<<30 || d.SMs() != 8 || d.PCIBusID() != "0000:ab:00.0" ||
		d.NUMANode() != 1 || d.CPUAffinity() != "48-95" || d.Info().MaxThreadsPerBlock != 1024 {
		t.Errorf("device 5: %+v", d.Info())
	}
	if got := d.String(); got != "device 5: sim-H200-5 (simulated, compute 9.0, 1 GiB, 8 SMs, PCI 0000:ab:00.0, NUMA 1)" {
		t.Errorf("String() = %q", got)
	}
	h := Host()
	if !h.IsHost() || h.Index() != -1 || h.Simulated() || h.Memory() == 0 || h.ComputeCapability() != "" {
		t.Errorf("host: %+v", h.Info())
	}
	free, err := d.FreeMemory()
	if err != nil || free != 1<<30 {
		t.Errorf("FreeMemory = %d, %v", free, err)
	}
	func() {
		defer func() {
			r := recover()
			err, _ := r.(error)
			if err == nil || err.Error() != "gpu.Dev(8): no such device; sim:nvswitch8 has devices 0..7" {
				t.Errorf("Dev(8) panicked with %v", r)
			}
		}()
		Dev(8)
	}()
	if !Dev(0).CanAccessPeer(Dev(7)) || !Dev(0).CanAccessPeer(Host()) {
		t.Error("nvswitch8: device 0 can't access device 7")
	}
	use(t, "sim:pcie4")
	if Dev(0).CanAccessPeer(Dev(3)) || !Dev(0).CanAccessPeer(Dev(1)) {
		t.Error("pcie4: wrong P2P answers")
	}
	bundle := Dev(0).MIMEBundle()
	if html, _ := bundle.Data["text/html"].(string); !strings.Contains(html, "sim-L40S-0") || !strings.Contains(html, "8.9") ||
		!strings.Contains(html, "host-native atomics</th><td style=\"padding:1px 8px\">false") {
		t.Errorf("device html: %s", html)
	}
}

func TestTopologyRendering(t *testing.T) {
	use(t, "sim:pcie4")
	topo := Topology()
	if topo.Err != nil || !topo.Simulated || len(topo.Devices) != 4 || topo.Link(0, 1).Label() != "PIX" {
		t.Fatalf("topology %+v", topo)
	}
	want := `4 GPUs (simulated), from sim preset pcie4
      GPU0  GPU1  GPU2  GPU3  CPU Affinity  NUMA Affinity
GPU0  X     PIX   PHB   SYS   0-31          0
GPU1  PIX   X     PHB   SYS   0-31          0
GPU2  PHB   PHB   X     SYS   0-31          0
GPU3  SYS   SYS   SYS   X     32-63         1

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PIX  = Connection traversing at most a single PCIe bridge

No P2P access: GPU0-GPU3, GPU1-GPU3, GPU2-GPU3
No native P2P atomics (kernels' atomics on the other's buffers are refused): GPU0-GPU2, GPU1-GPU2

Host (OK, NS: not supported, ?: unknown):
  GPU0 GPU1 GPU2 GPU3 on PCIe: host-native atomics NS, pageable memory NS, host page tables NS, concurrent managed OK
  Without host-native atomics, host AtomicAdd/AtomicCAS on a shared host buffer are refused (buf.AtomicAddVia makes the update on a GPU); plain loads and stores are safe.
`
	if got := topo.String(); got != want {
		t.Errorf("String():\n%s\nwant:\n%s", got, want)
	}
	b := topo.MIMEBundle()
	html, _ := b.Data["text/html"].(string)
	text, _ := b.Data["text/plain"].(string)
	if !strings.Contains(text, "GPU3\tSYS\tSYS\tSYS") || !strings.Contains(html, "data:image/png") || !strings.Contains(html, "<table") {
		t.Errorf("bundle text %q", text)
	}
	if !strings.Contains(html, "Host link and capabilities") || !strings.Contains(text, "GPU3\tPCIe\tNS\tNS\tNS\tOK") ||
		!strings.Contains(b.Data["image/svg+xml"].(string), "host: PCIe, no host-native atomics") {
		t.Errorf("pcie4 bundle lacks the host capabilities:\n%s", text)
	}
	use(t, "sim:gh200")
	gh := Topology()
	if s := gh.String(); !strings.Contains(s, "GPU0 GPU1 on NVLink-C2C: host-native atomics OK, pageable memory OK, host page tables OK, concurrent managed OK\n") ||
		strings.Contains(s, "refused") {
		t.Errorf("gh200 topology:\n%s", s)
	}
	if svg := gh.MIMEBundle().Data["image/svg+xml"].(string); !strings.Contains(svg, "host: NVLink-C2C, host-native atomics") {
		t.Errorf("gh200 graph legend lacks the host link")
	}
	use(t, "sim:nvlink2")
	if s := Topology().String(); !strings.Contains(s, "GPU0  X     NV18") || !strings.Contains(s, "NV#  = Connection traversing a bonded set of # NVLinks") ||
		!strings.Contains(s, "P2P access between every pair.") {
		t.Errorf("nvlink2 topology:\n%s", s)
	}
}
