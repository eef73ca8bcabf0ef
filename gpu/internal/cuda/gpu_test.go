package cuda

// Long file: the backend's tests on a real GPU (they say SKIP without one), one per driver
// behaviour, sharing the helpers of gpu_helpers_test.go.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"regexp"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// GPU tests: each skips, saying why, where there is no CUDA driver or device.

func TestGPUDevices(t *testing.T) {
	b := gpu(t)
	infos := b.Devices()
	if len(infos) == 0 {
		t.Fatal("no devices")
	}
	arch := regexp.MustCompile(`^sm_\d+$`)
	bus := regexp.MustCompile(`^[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]$`)
	for _, d := range infos {
		t.Logf("device %d: %+v", d.Index, d)
		if d.Name == "" || d.Backend != "cuda" || d.Simulated {
			t.Errorf("device %d: name %q backend %q simulated %v", d.Index, d.Name, d.Backend, d.Simulated)
		}
		if !arch.MatchString(d.Arch) || d.ComputeCapability[0] < 3 {
			t.Errorf("device %d: arch %q cc %v", d.Index, d.Arch, d.ComputeCapability)
		}
		if d.MemoryBytes < 1<<30 || d.SMs < 1 || d.MaxThreadsPerBlock < 256 || d.MaxSharedPerBlock < 16<<10 {
			t.Errorf("device %d: memory %d SMs %d threads %d shared %d", d.Index, d.MemoryBytes, d.SMs, d.MaxThreadsPerBlock, d.MaxSharedPerBlock)
		}
		if !bus.MatchString(d.PCIBusID) {
			t.Errorf("device %d: PCI bus id %q", d.Index, d.PCIBusID)
		}
		free, total, err := b.MemInfo(d.Index)
		if err != nil || total == 0 || free > total {
			t.Errorf("device %d: MemInfo %d/%d %v", d.Index, free, total, err)
		}
	}
	free, total, err := b.MemInfo(backend.HostDevice)
	if err != nil || total == 0 || free > total {
		t.Errorf("host MemInfo %d/%d %v", free, total, err)
	}
	topo, err := b.Topology()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("topology source: %s", topo.Source)
	if topo.Source == "" || len(topo.Links) != len(infos) {
		t.Fatalf("topology: source %q, %d rows", topo.Source, len(topo.Links))
	}
	for i, row := range topo.Links {
		var labels []string
		for j, l := range row {
			labels = append(labels, l.Label())
			if (i == j) != (l.Kind == backend.LinkSelf) {
				t.Errorf("link %d->%d kind %s", i, j, l.Kind)
			}
		}
		t.Logf("GPU%d  %s   %+v", i, strings.Join(labels, "  "), row)
	}
	if _, err := b.device(len(infos)); err == nil {
		t.Error("a device past the last is an error")
	}
}

func TestGPUMemoryRoundTrips(t *testing.T) {
	b := gpu(t)
	const n = 1 << 20
	dev := alloc(t, b, 0, n, false)
	if dev.Host() != nil || dev.Shared() || dev.Device() != 0 || dev.Size() != n {
		t.Errorf("device memory: host %v shared %v device %d size %d", dev.Host() != nil, dev.Shared(), dev.Device(), dev.Size())
	}
	if got := readBytes(t, b, dev); !bytes.Equal(got, make([]byte, n)) {
		t.Error("new device memory is not zeroed")
	}
	src := make([]byte, n)
	for i := range src {
		src[i] = byte(i*7 + i>>8)
	}
	if err := b.Write(dev, 0, src); err != nil {
		t.Fatal(err)
	}
	if got := readBytes(t, b, dev); !bytes.Equal(got, src) {
		t.Fatal("write/read round trip differs")
	}
	part := make([]byte, 100)
	if err := b.Read(dev, 1000, part); err != nil || !bytes.Equal(part, src[1000:1100]) {
		t.Errorf("read at an offset: %v", err)
	}
	if err := b.Write(dev, n-10, make([]byte, 11)); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("write past the end: %v", err)
	}

	// Fill: memset patterns and the doubling path, at aligned and odd offsets.
	want := append([]byte(nil), src...)
	fills := []struct {
		off, n  int64
		pattern []byte
	}{
		{0, 4096, []byte{0xab}},
		{4096, 4096, []byte{1, 2}},
		{8192, 8192, []byte{1, 2, 3, 4}},
		{16384, 80000, []byte{1, 2, 3, 4, 5, 6, 7, 8}},
		{100001, 3 * 5000, []byte{9, 8, 7}},
		{200001, 4000, []byte{5, 6, 7, 8}}, // 4-byte pattern at an odd address
		{300000, 8000, []byte{0, 0, 0, 0, 0, 0, 0, 0}},
	}
	for _, f := range fills {
		if err := b.Fill(dev, f.off, f.n, f.pattern); err != nil {
			t.Fatalf("fill %+v: %v", f, err)
		}
		fillBytes(want[f.off:f.off+f.n], f.pattern)
	}
	if got := readBytes(t, b, dev); !bytes.Equal(got, want) {
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("fill: first difference at byte %d: %d, want %d", i, got[i], want[i])
			}
		}
	}
	if err := b.Fill(dev, 0, 10, []byte{1, 2, 3}); err == nil {
		t.Error("fill of 10 bytes with a 3-byte pattern must fail")
	}

	// Copies: device to device, device to host, host to device, on a stream.
	dev2 := alloc(t, b, 0, n, false)
	if err := b.Copy(dev2, 0, dev, 0, n, nil); err != nil {
		t.Fatal(err)
	}
	host := alloc(t, b, backend.HostDevice, n, false)
	if host.Host() == nil || len(host.Host()) != n || host.Device() != backend.HostDevice {
		t.Fatal("host memory has no bytes")
	}
	if err := b.Copy(host, 0, dev2, 0, n, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(host.Host(), want) {
		t.Error("device -> host copy differs")
	}
	copy(host.Host()[:8], "peerbook")
	s, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	if err := b.Copy(dev2, 16, host, 0, 8, s); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 32)
	b.Read(dev2, 0, head)
	if string(head[16:24]) != "peerbook" || !bytes.Equal(head[:16], want[:16]) {
		t.Errorf("host -> device copy on a stream: %q", head)
	}
	host2 := alloc(t, b, backend.HostDevice, 64, false)
	if err := b.Copy(host2, 0, host, 0, 64, nil); err != nil || !bytes.Equal(host2.Host(), host.Host()[:64]) {
		t.Errorf("host -> host copy: %v", err)
	}
	if err := b.Write(host2, 60, []byte{1, 2, 3, 4}); err != nil || !bytes.Equal(host2.Host()[60:], []byte{1, 2, 3, 4}) {
		t.Errorf("write to host memory: %v", err)
	}

	// Free: later use is an error wrapping backend.ErrFreed.
	tmp, _ := b.Alloc(0, 256, backend.AllocOptions{})
	if err := tmp.Free(); err != nil {
		t.Fatal(err)
	}
	if err := b.Write(tmp, 0, []byte{1}); !errors.Is(err, backend.ErrFreed) {
		t.Errorf("write after free: %v", err)
	}
	if err := tmp.Free(); !errors.Is(err, backend.ErrFreed) {
		t.Errorf("second free: %v", err)
	}
	if _, err := tmp.Pointer(0); !errors.Is(err, backend.ErrFreed) {
		t.Errorf("pointer after free: %v", err)
	}
	if _, err := dev.Pointer(backend.HostDevice); err == nil {
		t.Error("the host can't address device memory")
	}
}

func TestGPUOutOfMemory(t *testing.T) {
	b := gpu(t)
	size := int64(b.Devices()[0].MemoryBytes) * 2
	_, err := b.Alloc(0, size, backend.AllocOptions{})
	if !errors.Is(err, backend.ErrOutOfMemory) || !strings.Contains(err.Error(), "asked") {
		t.Fatalf("alloc of twice the device's memory: %v", err)
	}
	t.Logf("out of memory reads: %v", err)
	m := alloc(t, b, 0, 1<<20, false)
	if err := b.Write(m, 0, []byte{1}); err != nil {
		t.Fatalf("after an out-of-memory error: %v", err)
	}
}

func TestGPUBandwidthSanity(t *testing.T) {
	b := gpu(t)
	const n = 256 << 20
	host := alloc(t, b, backend.HostDevice, n, false)
	h := host.Host()
	for i := 0; i < n; i += 4096 {
		binary.LittleEndian.PutUint64(h[i:], uint64(i)*0x9e3779b97f4a7c15)
	}
	d1 := alloc(t, b, 0, n, false)
	d2 := alloc(t, b, 0, n, false)
	back := alloc(t, b, backend.HostDevice, n, false)
	for _, step := range []struct {
		name     string
		dst, src backend.Memory
	}{{"H2D", d1, host}, {"D2D", d2, d1}, {"D2H", back, d2}} {
		start := time.Now()
		if err := b.Copy(step.dst, 0, step.src, 0, n, nil); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		el := time.Since(start)
		t.Logf("%s 256 MiB: %v, %.1f GB/s", step.name, el, float64(n)/el.Seconds()/1e9)
	}
	if !bytes.Equal(back.Host(), h) {
		t.Fatal("256 MiB round trip host -> device -> device -> host differs")
	}
}

func TestGPUCompileErrorPositions(t *testing.T) {
	b := gpuRTC(t)
	src := "extern \"C\" __global__ void bad(int* x) {\n  int unused_var = 3;\n  x[0] = undefined_name;\n}\n"
	_, err := b.CompileCUDA(0, src, backend.CompileOptions{File: "cell[7]", LineOffset: 2})
	var ce *cudasrc.CompileError
	if !errors.As(err, &ce) {
		t.Fatalf("error %T %v, want *cudasrc.CompileError", err, err)
	}
	t.Logf("compile error:\n%v", err)
	found := false
	for _, d := range ce.Diagnostics {
		if d.File == "cell[7]" && d.Line == 5 && d.Severity == "error" && strings.Contains(d.Message, "undefined_name") {
			found = true
		}
		if d.File == cudasrc.PreludeFile {
			t.Errorf("a diagnostic points into the prelude: %v", d)
		}
	}
	if !found || !strings.Contains(err.Error(), "cell[7]:5: error") {
		t.Errorf("no error at cell[7]:5 in %+v", ce.Diagnostics)
	}
	// Warnings of a good compile point at the cell too.
	m, err := b.CompileCUDA(0, "extern \"C\" __global__ void warn(int* x) {\n  int unused_var = 3;\n  x[0] = 1;\n}\n",
		backend.CompileOptions{File: "cell[8]", LineOffset: 10})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("warning log: %q", m.Log())
	if m.Log() != "" && !strings.Contains(m.Log(), "cell[8]:12:") {
		t.Errorf("warning log %q should point at cell[8]:12", m.Log())
	}
	// Errors found before NVRTC (templates) point at the cell as well.
	_, err = b.CompileCUDA(0, "\ntemplate <class T> __global__ void k(T* x) {}\n", backend.CompileOptions{File: "cell[9]", LineOffset: 1})
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "cell[9]:3:") || !strings.Contains(err.Error(), "template") {
		t.Errorf("template kernel: %v", err)
	}
}

const launchSrc = `
extern "C" __global__ void info(Peer<float> p, Slice<float> s, float* raw, int n, double a,
    unsigned long long big, short sh, signed char c, Slice<double> out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    out[0] = (double)p.len();
    out[1] = (double)s.len();
    out[2] = a;
    out[3] = (double)big;
    out[4] = sh;
    out[5] = c;
    out[6] = n;
  }
  long long i = global_thread_id();
  if (i < n) {
    p[i] = p[i] + 1.0f;
    s[i] = 2.0f * i;
    raw[i] = (float)a * i;
  }
}

namespace ns {
__global__ void peer_atomics(Peer<unsigned> counter, Peer<unsigned long long> c64, Peer<int> signed_counter) {
  atomicAdd(&counter[0], 1u);
  atomicAdd_block(&counter[1], 2u);
  atomicMax(&counter[2], (unsigned)threadIdx.x);
  atomicAdd(&c64[0], 1ull);
  atomicSub(&signed_counter[0], 1);
}
}
`

func TestGPULaunchPeerSliceScalars(t *testing.T) {
	b := gpuRTC(t)
	ks := build(t, b, 0, launchSrc)
	const n = 1000
	ones := make([]float32, n)
	for i := range ones {
		ones[i] = 1
	}
	onesBytes := make([]byte, 4*n)
	for i, v := range ones {
		binary.LittleEndian.PutUint32(onesBytes[4*i:], math.Float32bits(v))
	}
	p := alloc(t, b, 0, 4*n, true)
	b.Write(p, 0, onesBytes)
	s := alloc(t, b, 0, 4*n, false)
	raw := alloc(t, b, 0, 4*n, false)
	out := alloc(t, b, 0, 8*8, false)
	info := ks["info"]
	big := uint64(1)<<40 + 3
	launch(t, info, 0, (n+255)/256, 256, nil, args(t, info, p, s, raw, n, 0.5, big, -1234, -7, out))
	o := readBytes(t, b, out)
	wantOut := []float64{n, n, 0.5, float64(big), -1234, -7, n}
	for i, w := range wantOut {
		if got := math.Float64frombits(binary.LittleEndian.Uint64(o[8*i:])); got != w {
			t.Errorf("out[%d] = %v, want %v", i, got, w)
		}
	}
	pv, sv, rv := float32s(readBytes(t, b, p)), float32s(readBytes(t, b, s)), float32s(readBytes(t, b, raw))
	for i := 0; i < n; i++ {
		if pv[i] != 2 || sv[i] != 2*float32(i) || rv[i] != 0.5*float32(i) {
			t.Fatalf("element %d: peer %v slice %v raw %v", i, pv[i], sv[i], rv[i])
		}
	}

	// A Peer parameter refuses an unshared buffer, before launch.
	err := info.Launch(backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}},
		args(t, info, s, s, raw, n, 0.5, big, 1, 1, out))
	if err == nil || !strings.Contains(err.Error(), "Peer") {
		t.Errorf("unshared buffer as Peer: %v", err)
	}

	// Peer on host-resident shared memory: the kernel reads and writes host bytes.
	hp := alloc(t, b, backend.HostDevice, 4*n, true)
	copy(hp.Host(), onesBytes)
	launch(t, info, 0, (n+255)/256, 256, nil, args(t, info, hp, s, raw, n, 0.5, big, 1, 1, out))
	if hv := float32s(hp.Host()); hv[0] != 2 || hv[n-1] != 2 {
		t.Errorf("host-resident Peer after the kernel: %v %v", hv[0], hv[n-1])
	}

	// System-scope atomics on Peer elements, in a namespaced (mangled) kernel.
	counter := alloc(t, b, 0, 16, true)
	c64 := alloc(t, b, 0, 8, true)
	sc := alloc(t, b, 0, 4, true)
	pa := ks["peer_atomics"]
	launch(t, pa, 0, 4, 64, nil, args(t, pa, counter, c64, sc))
	cv := readBytes(t, b, counter)
	if a, bb, c := binary.LittleEndian.Uint32(cv), binary.LittleEndian.Uint32(cv[4:]), binary.LittleEndian.Uint32(cv[8:]); a != 256 || bb != 512 || c != 63 {
		t.Errorf("atomics: add %d (256) add_block %d (512) max %d (63)", a, bb, c)
	}
	if v := binary.LittleEndian.Uint64(readBytes(t, b, c64)); v != 256 {
		t.Errorf("64-bit atomic add = %d, want 256", v)
	}
	if v := int32(binary.LittleEndian.Uint32(readBytes(t, b, sc))); v != -256 {
		t.Errorf("atomicSub = %d, want -256", v)
	}

	// Launch errors.
	if err := info.Launch(backend.LaunchConfig{Device: 0, Block: backend.Dim3{X: 100000}}, args(t, info, p, s, raw, n, 0.5, big, 1, 1, out)); err == nil {
		t.Error("a block of 100000 threads must fail")
	}
	if err := info.Launch(backend.LaunchConfig{Device: 0}, nil); err == nil || !strings.Contains(err.Error(), "arguments") {
		t.Errorf("no arguments: %v", err)
	}
	if _, err := b.CompileCUDA(0, launchSrc, backend.CompileOptions{File: "test"}); err != nil {
		t.Fatal(err)
	}
	m, _ := b.CompileCUDA(0, launchSrc, backend.CompileOptions{File: "test"})
	if _, err := m.Kernel("nope", backend.Signature{}); err == nil || !strings.Contains(err.Error(), "info") {
		t.Errorf("unknown kernel: %v", err)
	}
}

const handoffSrc = `
extern "C" __global__ void consumer(Peer<unsigned> data, Peer<unsigned> flags,
                                    unsigned long long* result, unsigned* status) {
  __shared__ int ok;
  if (threadIdx.x == 0) ok = flag_wait(flags, 0, 1u, 5000000000ull) ? 1 : 0;
  __syncthreads();
  if (!ok) {
    if (threadIdx.x == 0) status[0] = 2;
    return;
  }
  unsigned long long sum = 0;
  for (long long i = threadIdx.x; i < data.len(); i += blockDim.x) sum += data[i];
  atomicAdd(result, sum);
  __syncthreads();
  if (threadIdx.x == 0) status[0] = 1;
}

extern "C" __global__ void producer(Peer<unsigned> data, Peer<unsigned> flags) {
  for (long long i = threadIdx.x; i < data.len(); i += blockDim.x) data[i] = (unsigned)i;
  sync_system();
  __syncthreads();
  if (threadIdx.x == 0) flag_set(flags, 0, 1u);
}

extern "C" __global__ void host_echo(Peer<unsigned> box, int n) {
  __shared__ int ok;
  if (threadIdx.x == 0) ok = flag_wait(box, 0, 1u, 5000000000ull) ? 1 : 0;
  __syncthreads();
  if (!ok) {
    if (threadIdx.x == 0) box.store(1, 0xdeadu);
    return;
  }
  for (int i = threadIdx.x; i < n; i += blockDim.x) box[2 + n + i] = box[2 + i] * 2u + 1u;
  sync_system();
  __syncthreads();
  if (threadIdx.x == 0) flag_set(box, 1, 1u);
}
`

func TestGPUProducerConsumerTwoStreams(t *testing.T) {
	b := gpuRTC(t)
	ks := build(t, b, 0, handoffSrc)
	const n = 1 << 20
	data := alloc(t, b, 0, 4*n, true)
	flags := alloc(t, b, 0, 8, true)
	result := alloc(t, b, 0, 8, false)
	status := alloc(t, b, 0, 4, false)
	sc, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Destroy()
	sp, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Destroy()
	// The consumer starts first and spins on the flag; the producer runs beside it.
	launch(t, ks["consumer"], 0, 1, 256, sc, args(t, ks["consumer"], data, flags, result, status))
	launch(t, ks["producer"], 0, 1, 1024, sp, args(t, ks["producer"], data, flags))
	if err := sp.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if err := sc.Synchronize(); err != nil {
		t.Fatal(err)
	}
	st := binary.LittleEndian.Uint32(readBytes(t, b, status))
	if st != 1 {
		t.Fatalf("consumer status %d (2: it never saw the flag)", st)
	}
	want := uint64(n) * (n - 1) / 2
	if got := binary.LittleEndian.Uint64(readBytes(t, b, result)); got != want {
		t.Fatalf("consumer summed %d, want %d: it read data before the producer's writes were visible", got, want)
	}
}

func TestGPUHostDeviceHandoff(t *testing.T) {
	b := gpuRTC(t)
	ks := build(t, b, 0, handoffSrc)
	const n = 4096
	box := alloc(t, b, backend.HostDevice, 4*(2+2*n), true)
	w := words(box)
	s, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	echo := ks["host_echo"]
	launch(t, echo, 0, 1, 256, s, args(t, echo, box, n))
	// The kernel is running and waiting: hand it the input, then wait for its answer.
	for i := 0; i < n; i++ {
		w[2+i] = uint32(i * 3)
	}
	atomic.StoreUint32(&w[0], 1)
	deadline := time.Now().Add(10 * time.Second)
	for atomic.LoadUint32(&w[1]) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the kernel never raised its flag")
		}
		runtime.Gosched()
	}
	if got := atomic.LoadUint32(&w[1]); got != 1 {
		t.Fatalf("device flag %#x (0xdead: the kernel never saw the host's flag)", got)
	}
	for i := 0; i < n; i++ {
		if got, want := atomic.LoadUint32(&w[2+n+i]), uint32(i*3*2+1); got != want {
			t.Fatalf("output %d = %d, want %d", i, got, want)
		}
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
}

const timingSrc = `
extern "C" __global__ void spin_ns(unsigned long long ns) {
  unsigned long long t0 = peerbook_time_ns();
  while (peerbook_time_ns() - t0 < ns) {}
}
extern "C" __global__ void empty() {}
`

func TestGPUEventsAndInterrupt(t *testing.T) {
	b := gpuRTC(t)
	ks := build(t, b, 0, timingSrc)
	s, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	e0, _ := b.NewEvent(0)
	e1, _ := b.NewEvent(0)
	defer e0.Destroy()
	defer e1.Destroy()
	spin := ks["spin_ns"]
	if err := e0.Record(s); err != nil {
		t.Fatal(err)
	}
	launch(t, spin, 0, 1, 1, s, args(t, spin, uint64(2e6)))
	if err := e1.Record(s); err != nil {
		t.Fatal(err)
	}
	if err := e1.Synchronize(); err != nil {
		t.Fatal(err)
	}
	el, err := e0.Elapsed(e1)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a 2 ms spin kernel took %v between events", el)
	if el < 1900*time.Microsecond {
		t.Errorf("elapsed %v shorter than the kernel's 2 ms spin", el)
	}

	// Interrupt: the wait stops; the kernel finishes on its own.
	done := make(chan struct{})
	b.SetInterrupt(done)
	defer b.SetInterrupt(nil)
	go func() {
		time.Sleep(20 * time.Millisecond)
		close(done)
	}()
	start := time.Now()
	err = spin.Launch(backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}}, args(t, spin, uint64(1e9)))
	if !errors.Is(err, backend.ErrInterrupted) {
		t.Fatalf("interrupted launch: %v", err)
	}
	if el := time.Since(start); el > 900*time.Millisecond {
		t.Errorf("the interrupt took %v: the wait didn't stop", el)
	}
	b.SetInterrupt(nil)
	if err := b.Synchronize(0); err != nil {
		t.Fatal(err)
	}
}

// TestGPULaunchTimed: the events LaunchTimed records in the launch's crossing bracket the
// kernel: a 2 ms spin measures at least that, on a stream (queued) and without one (the
// launch waits, and its end event is complete when it returns); the same events serve
// again for the next launch (a timeline's pool).
func TestGPULaunchTimed(t *testing.T) {
	b := gpuRTC(t)
	ks := build(t, b, 0, timingSrc)
	s, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	e0, _ := b.NewEvent(0)
	e1, _ := b.NewEvent(0)
	defer e0.Destroy()
	defer e1.Destroy()
	spin := ks["spin_ns"].(*kernel)
	for _, st := range []backend.Stream{s, nil, s} {
		cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: st}
		if err := spin.LaunchTimed(cfg, args(t, spin, uint64(2e6)), e0, e1); err != nil {
			t.Fatal(err)
		}
		if st != nil {
			if err := e1.Synchronize(); err != nil {
				t.Fatal(err)
			}
		}
		el, err := e0.Elapsed(e1)
		if err != nil {
			t.Fatalf("stream %v: %v", st != nil, err)
		}
		t.Logf("stream %v: a 2 ms spin kernel took %v between its events", st != nil, el)
		if el < 1900*time.Microsecond {
			t.Errorf("stream %v: elapsed %v shorter than the kernel's 2 ms spin", st != nil, el)
		}
	}
}

func TestGPUCompileCache(t *testing.T) {
	b := gpuRTC(t)
	src := "extern \"C\" __global__ void cached(int* x) { x[0] = 42; }\n// " + time.Now().String()
	start := time.Now()
	m1, err := b.CompileCUDA(0, src, backend.CompileOptions{File: "cache"})
	if err != nil {
		t.Fatal(err)
	}
	compile := time.Since(start)
	start = time.Now()
	m2, err := b.CompileCUDA(0, src, backend.CompileOptions{File: "cache"})
	memHit := time.Since(start)
	if err != nil || m2 != m1 {
		t.Fatalf("memory cache: %v, same module %v", err, m1 == m2)
	}
	b.cache.forget()
	start = time.Now()
	m3, err := b.CompileCUDA(0, src, backend.CompileOptions{File: "cache"})
	diskHit := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("compile+load %v, memory cache hit %v, disk cache hit (read + module load) %v (cache: %s)",
		compile, memHit, diskHit, b.cache.dirDescription())
	if b.cache.dir != "" && b.cache.load(m3.(*module).key) == nil {
		t.Error("the disk cache has no entry after a compile")
	}
	ks := build(t, b, 0, src)
	x := alloc(t, b, 0, 4, false)
	launch(t, ks["cached"], 0, 1, 1, nil, args(t, ks["cached"], x))
	if v := binary.LittleEndian.Uint32(readBytes(t, b, x)); v != 42 {
		t.Errorf("kernel from the disk cache wrote %d", v)
	}
	// Other options are another entry.
	m4, err := b.CompileCUDA(0, src, backend.CompileOptions{File: "cache", Flags: []string{"-DPEERBOOK_TEST=1"}})
	if err != nil || m4 == m3 {
		t.Errorf("flags must change the cache key: %v", err)
	}
}

func TestGPUPeerAcrossDevices(t *testing.T) {
	b := gpuRTC(t)
	if len(b.devices) < 2 {
		t.Skipf("one GPU only: peer access between devices needs two")
	}
	topo, _ := b.Topology()
	l := topo.Links[1][0]
	m, err := b.Alloc(0, 4*1024, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Free()
	if _, err := m.Pointer(1); err == nil {
		t.Error("an unshared buffer of device 0 has no address on device 1")
	}
	err = b.Share(m)
	if !l.P2PAccess {
		var pae *backend.PeerAccessError
		if !errors.As(err, &pae) {
			t.Fatalf("no peer access, share error: %v", err)
		}
		t.Skipf("devices 0 and 1 have no peer access: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	ks := build(t, b, 1, "extern \"C\" __global__ void mark(Peer<unsigned> p) { atomicAdd(&p[threadIdx.x], threadIdx.x + 1); }")
	launch(t, ks["mark"], 1, 1, 1024, nil, args(t, ks["mark"], m))
	got := readBytes(t, b, m)
	for i := 0; i < 1024; i++ {
		if v := binary.LittleEndian.Uint32(got[4*i:]); v != uint32(i+1) {
			t.Fatalf("element %d = %d after a kernel on device 1", i, v)
		}
	}
	// Copy between devices.
	m1 := alloc(t, b, 1, 4*1024, false)
	if err := b.Copy(m1, 0, m, 0, 4*1024, nil); err != nil || !bytes.Equal(readBytes(t, b, m1), got) {
		t.Errorf("copy device 0 -> 1: %v", err)
	}
}

// TestGPULaunchContextModes launches through each way of making the context current
// (PEERBOOK_CUDA_CTX), from OS threads that have no context current, the right one, and
// the wrong one, and checks every launch ran: the fused trampoline on the real driver.
func TestGPULaunchContextModes(t *testing.T) {
	b := gpuRTC(t)
	ks := build(t, b, 0, `extern "C" __global__ void bump(unsigned* p, unsigned by) { atomicAdd(p, by); }`)
	bump := ks["bump"]
	counter := alloc(t, b, 0, 4, false)
	s, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	old := b.ctxMode
	defer func() { b.ctxMode = old }()
	want := uint32(0)
	for _, mode := range []ctxMode{ctxFused, ctxGet, ctxSet} {
		b.ctxMode = mode
		for _, thread := range []string{"no context", "this context", "another context", "any goroutine"} {
			var launchErr error
			run := func() {
				switch thread {
				case "no context":
					ccall(b.drv.cuCtxSetCurrent, 0)
				case "this context":
					ccall(b.drv.cuCtxSetCurrent, b.devices[0].ctx.Load())
				case "another context":
					if b.drv.cuCtxCreate == 0 || b.drv.cuCtxDestroy == 0 {
						t.Logf("no cuCtxCreate_v2: the another-context case is skipped")
						break
					}
					var other uintptr
					if r := ccall(b.drv.cuCtxCreate, uintptr(unsafe.Pointer(&other)), 0, b.devices[0].handle); r != 0 {
						t.Logf("cuCtxCreate: %v: the another-context case runs without it", b.newError("cuCtxCreate", 0, r))
						break
					}
					defer ccall(b.drv.cuCtxDestroy, other)
				}
				for i := 0; i < 10 && launchErr == nil; i++ {
					launchErr = bump.Launch(backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: s}, args(t, bump, counter, 1))
				}
				if launchErr == nil {
					launchErr = bump.Launch(backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}}, args(t, bump, counter, 100))
				}
			}
			if thread == "any goroutine" {
				run()
			} else {
				onLockedThread(run)
			}
			if launchErr != nil {
				t.Fatalf("mode %s, %s: %v", mode, thread, launchErr)
			}
			want += 110
			if err := s.Synchronize(); err != nil {
				t.Fatal(err)
			}
			if got := binary.LittleEndian.Uint32(readBytes(t, b, counter)); got != want {
				t.Fatalf("mode %s, %s: counter %d, want %d", mode, thread, got, want)
			}
		}
	}
	t.Logf("%d launches through modes fused (trampoline: %v), get, set: all ran", want/110*11, haveFusedTrampoline)
}

// checkPoisoned checks, after a NeedsRestart fault, that every call fails at once with an
// error wrapping ErrNeedsRestart (none hangs, none crashes), and logs whether a fresh Open
// in the same process works.
func checkPoisoned(t *testing.T, b *Backend, inc backend.Kernel, stale backend.Stream, host backend.Memory) {
	if !errors.Is(b.Poisoned(), ErrNeedsRestart) {
		t.Fatalf("Poisoned() = %v", b.Poisoned())
	}
	calls := []struct {
		name string
		call func() error
	}{
		{"Alloc", func() error { _, err := b.Alloc(0, 16, backend.AllocOptions{}); return err }},
		{"Alloc host", func() error { _, err := b.Alloc(backend.HostDevice, 16, backend.AllocOptions{}); return err }},
		{"Launch", func() error {
			return inc.Launch(backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}}, args(t, inc, host, 1))
		}},
		{"NewStream", func() error { _, err := b.NewStream(0); return err }},
		{"NewEvent", func() error { _, err := b.NewEvent(0); return err }},
		{"stream Synchronize", stale.Synchronize},
		{"Synchronize", func() error { return b.Synchronize(0) }},
		{"MemInfo", func() error { _, _, err := b.MemInfo(0); return err }},
		{"CompileCUDA", func() error {
			_, err := b.CompileCUDA(0, "extern \"C\" __global__ void after_fault() {}", backend.CompileOptions{})
			return err
		}},
		{"Write host", func() error { return b.Write(host, 0, []byte{1}) }},
		{"Fill host", func() error { return b.Fill(host, 0, 4, []byte{1}) }},
	}
	for _, c := range calls {
		err, took, ok := within(10*time.Second, c.call)
		switch {
		case !ok:
			t.Errorf("%s after the fault hung (10 s)", c.name)
		case !errors.Is(err, ErrNeedsRestart):
			t.Errorf("%s after the fault: %v (want an error wrapping ErrNeedsRestart)", c.name, err)
		case took > time.Second:
			t.Errorf("%s after the fault took %v: it must fail at once", c.name, took)
		default:
			t.Logf("%s after the fault: failed in %v", c.name, took)
		}
	}
	t.Logf("a later call's error reads: %v", b.poisoned())
	if err, _, ok := within(10*time.Second, host.Free); !ok || err != nil {
		t.Errorf("freeing host memory after the fault: returned %v, err %v", ok, err)
	}
	// For the record: does a fresh Open in this process get a working device?
	var nb *Backend
	err, took, ok := within(30*time.Second, func() error {
		var err error
		nb, err = Open()
		if err != nil {
			return err
		}
		m, err := nb.Alloc(0, 4096, backend.AllocOptions{})
		if err != nil {
			return fmt.Errorf("alloc: %w", err)
		}
		defer m.Free()
		if err := nb.Write(m, 0, []byte{1, 2, 3}); err != nil {
			return fmt.Errorf("write: %w", err)
		}
		back := make([]byte, 3)
		if err := nb.Read(m, 0, back); err != nil {
			return fmt.Errorf("read: %w", err)
		}
		if back[2] != 3 {
			return fmt.Errorf("read back %v", back)
		}
		return nil
	})
	switch {
	case !ok:
		t.Logf("FRESH OPEN in the poisoned process: hung for 30 s")
	case err != nil:
		t.Logf("FRESH OPEN in the poisoned process: fails after %v: %v", took, err)
	default:
		t.Logf("FRESH OPEN in the poisoned process: WORKS after %v (alloc, write, read): in-process recovery is possible by reopening", took)
	}
	if ok && nb != nil {
		nb.Close()
	}
}
