package gpu

import (
	"errors"
	"testing"
	"time"
)

// These tests run the gpu API on CUDA devices; without a CUDA driver and GPU they skip.
// Build them for a GPU machine with: CGO_ENABLED=0 go test -c ./gpu

// catch turns a failed must into a test failure rather than a crash of the test binary (on
// a GPU machine the other tests still run). Defer it first thing.
func catch(t testing.TB) {
	if r := recover(); r != nil {
		t.Fatalf("failed: %v", r)
	}
}

func useCUDA(t testing.TB) {
	t.Helper()
	if err := Use("cuda"); err != nil {
		t.Skipf("no CUDA device: %v", err)
	}
}

const cudaHandoffSrc = `
__global__ void produce(Peer<float> data, Peer<unsigned> flag, unsigned round) {
  long long i = global_thread_id();
  if (i < data.len()) data[i] = (float)i + (float)round;
  sync_system();
  __syncthreads();
  if (threadIdx.x == 0) flag_set(flag, 0, round);
}

__global__ void consume(Peer<float> data, Peer<unsigned> flag, unsigned round, float* out) {
  if (!flag_wait(flag, 0, round, 2000000000ull)) return;
  long long i = global_thread_id();
  if (i < data.len()) out[i] = data[i];
}

__global__ void empty() {}
`

func defineCUDAHandoff(t testing.TB) (produce, consume, empty *Kernel) {
	t.Helper()
	if _, err := DefineCUDA(cudaHandoffSrc, "cell[1]", 1); err != nil {
		t.Fatalf("DefineCUDA: %v", err)
	}
	return lookupKernel("produce"), lookupKernel("consume"), lookupKernel("empty")
}

func checkRound(t *testing.T, out *Buffer, round int) {
	t.Helper()
	got, err := out.Float32s()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != float32(i+round) {
			t.Fatalf("round %d: out[%d] = %v", round, i, v)
		}
	}
}

func TestCUDABuffers(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	for _, d := range Devices() {
		if d.Simulated() || d.ComputeCapability() == "" || d.Memory() == 0 {
			t.Errorf("device %v", d)
		}
		x := must(d.AllocFrom([]float32{1, 2, 3, 4}))
		h := must(Host().Alloc(Float32, 4))
		must(0, Copy(h, x))
		if got := must(h.Float32s()); got[3] != 4 {
			t.Errorf("%v: copy to host %v", d, got)
		}
		must(0, x.Fill(7))
		if s := must(x.Stats()); s.Mean != 7 || s.Count != 4 {
			t.Errorf("%v: stats %+v", d, s)
		}
		_, err := d.Alloc(Float32, 1<<45)
		var oom *OutOfMemoryError
		if !errors.As(err, &oom) || oom.Asked != 1<<47 {
			t.Errorf("%v: 128 TiB alloc: %v", d, err)
		}
	}
}

func TestCUDAPeerHandoffOneDevice(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	produce, consume, _ := defineCUDAHandoff(t)
	d := Dev(0)
	const n = 256
	data := must(d.AllocShared(Float32, n))
	flag := must(d.AllocShared(Uint32, 1))
	out := must(d.Alloc(Float32, n))
	s1, s2 := must(d.NewStream()), must(d.NewStream())
	for round := 1; round <= 20; round++ {
		must(0, consume.Launch(d, 1, n, data, flag, round, out, OnStream(s1)))
		must(0, produce.Launch(d, 1, n, data, flag, round, OnStream(s2)))
		must(0, s1.Synchronize())
		must(0, s2.Synchronize())
		checkRound(t, out, round)
	}
	unshared := must(d.Alloc(Float32, n))
	wantErr(t, produce.Launch(d, 1, n, unshared, flag, 1),
		"launch produce: argument 1 (data gpu.Peer[float32]): a Peer parameter takes a shared buffer, and float32[256] on "+d.label()+
			" is not shared: share it first (buf.ShareWithPeers()), or allocate it with AllocShared")
	wantErr(t, produce.Launch(d, 1, n, data, flag, -1), "launch produce: argument 3 (round uint32): -1 is out of range for uint32 [0, 4294967295]")
}

func TestCUDAPeerHandoffAcrossDevices(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	if NumDevices() < 2 || !Dev(0).CanAccessPeer(Dev(1)) {
		t.Skip("needs two GPUs with P2P access")
	}
	produce, consume, _ := defineCUDAHandoff(t)
	const n = 256
	data := must(Dev(0).Alloc(Float32, n))
	must(0, data.ShareWith(Dev(1)))
	flag := must(Dev(1).Alloc(Uint32, 1))
	must(0, flag.ShareWith(Dev(0)))
	out := must(Dev(1).Alloc(Float32, n))
	s0, s1 := must(Dev(0).NewStream()), must(Dev(1).NewStream())
	for round := 1; round <= 20; round++ {
		must(0, consume.Launch(Dev(1), 1, n, data, flag, round, out, OnStream(s1)))
		must(0, produce.Launch(Dev(0), 1, n, data, flag, round, OnStream(s0)))
		must(0, s0.Synchronize())
		must(0, s1.Synchronize())
		checkRound(t, out, round)
	}
}

func TestCUDAHostHandoff(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	produce, consume, _ := defineCUDAHandoff(t)
	d := Dev(0)
	const n = 64
	data := must(Host().AllocShared(Float32, n))
	flag := must(Host().AllocShared(Uint32, 1))
	out := must(d.Alloc(Float32, n))
	s := must(d.NewStream())
	// Host to device: the kernel waits while host code writes the data and sets the flag.
	must(0, consume.Launch(d, 1, n, data, flag, 5, out, OnStream(s)))
	vals := make([]float32, n)
	for i := range vals {
		vals[i] = float32(i + 5)
	}
	must(0, data.Write(vals))
	must(0, flag.AtomicStore(0, 5))
	must(0, s.Synchronize())
	checkRound(t, out, 5)
	// Device to host: host code waits for the kernel's flag.
	must(0, produce.Launch(d, 1, n, data, flag, 6, OnStream(s)))
	must(0, flag.WaitValue(0, 6, 10*time.Second))
	got := must(data.Float32s())
	if got[n-1] != float32(n-1+6) {
		t.Errorf("device to host: data[%d] = %v", n-1, got[n-1])
	}
	must(0, s.Synchronize())
}

// BenchmarkCUDAEmptyLaunch is an empty kernel launched through the gpu API on a stream
// (launch cost; the stream is synchronized every 1024 launches).
func BenchmarkCUDAEmptyLaunch(b *testing.B) {
	defer catch(b)
	useCUDA(b)
	_, _, empty := defineCUDAHandoff(b)
	d := Dev(0)
	s := must(d.NewStream())
	k := empty.With(OnStream(s))
	must(0, k.Launch(d, 1, 1))
	must(0, s.Synchronize())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := k.Launch(d, 1, 1); err != nil {
			b.Fatal(err)
		}
		if i%1024 == 1023 {
			must(0, s.Synchronize())
		}
	}
	must(0, s.Synchronize())
}

// BenchmarkCUDAEmptyLaunchSync is an empty kernel launched without a stream: Launch returns
// when it has run.
func BenchmarkCUDAEmptyLaunchSync(b *testing.B) {
	defer catch(b)
	useCUDA(b)
	_, _, empty := defineCUDAHandoff(b)
	d := Dev(0)
	must(0, empty.Launch(d, 1, 1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := empty.Launch(d, 1, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// On CUDA devices the flag latency is measured, with the ping-pong kernel: positive, finite,
// and not marked modelled.
func TestCUDAMeasureFlagLatency(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	r, err := MeasureFlagLatency(MeasureRepeats(500))
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := r.Modelled(); ok || r.Rounds() != 500 {
		t.Errorf("Modelled %v, Rounds %d on CUDA", ok, r.Rounds())
	}
	for i, row := range r.Values() {
		for j, v := range row {
			if !(v > 0 && v < 1000) {
				t.Errorf("GPU%d -> GPU%d: %v us", i, j, v)
			}
		}
	}
	t.Logf("one-way flag latency (us): %v", r.Values())
	// The pictures of a real machine keep their text inside too.
	checkTextInside(t, "CUDA latency heatmap", svgOf(r.MIMEBundle()))
	checkTextInside(t, "CUDA topology", svgOf(Topology().MIMEBundle()))
}
