package cuda

import (
	"encoding/binary"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/backend"
)

// Benchmarks on a GPU (skipped elsewhere). gpu/cuda/bench/run.sh runs them beside the same
// measurements written in CUDA C (nvcc) and CuPy. Custom metrics: us/launch, us/roundtrip,
// GB/s (1e9 bytes per second, bytes copied once).

const pingPongSrc = `
// ping and pong bounce a counter through two Peer flags: f[0] is ping's, f[1] pong's.
// Loads are ld.acquire.sys, stores st.release.sys: what cuda::atomic_ref<unsigned,
// cuda::thread_scope_system> load(acquire) / store(release) compile to.
__device__ bool wait_for(Peer<unsigned> f, int i, unsigned v, Slice<unsigned> err) {
  unsigned long long start = peerbook_time_ns();
  for (unsigned n = 0; f.load_acquire(i) != v; n++) {
    if ((n & 4095u) == 4095u && peerbook_time_ns() - start > 5000000000ull) {
      err[0] = v;
      return false;
    }
  }
  return true;
}
extern "C" __global__ void ping(Peer<unsigned> f, unsigned base, unsigned rounds, Slice<unsigned> err) {
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    f.store_release(0, i);
    if (!wait_for(f, 1, i, err)) return;
  }
}
extern "C" __global__ void pong(Peer<unsigned> f, unsigned base, unsigned rounds, Slice<unsigned> err) {
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    if (!wait_for(f, 0, i, err)) return;
    f.store_release(1, i);
  }
}
`

func reportPerOp(b *testing.B, d time.Duration, ops int, unit string) {
	b.ReportMetric(float64(d.Nanoseconds())/1e3/float64(ops), unit)
}

func BenchmarkGPULaunchEmpty(b *testing.B) {
	be := gpuRTC(b)
	ks := build(b, be, 0, timingSrc)
	k := ks["empty"]
	s, err := be.NewStream(0)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Destroy()
	cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: s}
	k.Launch(cfg, nil)
	s.Synchronize()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := k.Launch(cfg, nil); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Synchronize(); err != nil {
		b.Fatal(err)
	}
	reportPerOp(b, time.Since(start), b.N, "us/launch")
}

func BenchmarkGPULaunchSync(b *testing.B) {
	be := gpuRTC(b)
	k := build(b, be, 0, timingSrc)["empty"]
	cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}}
	k.Launch(cfg, nil)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := k.Launch(cfg, nil); err != nil {
			b.Fatal(err)
		}
	}
	reportPerOp(b, time.Since(start), b.N, "us/launch")
}

// BenchmarkGPUCtxSetCurrent is the price of making the context current before each call
// (the backend's choice), against BenchmarkGPULaunchDedicatedThread.
func BenchmarkGPUCtxSetCurrent(b *testing.B) {
	be := gpu(b)
	d := be.devices[0]
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := d.ctx.Load()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if r := ccall(be.drv.cuCtxSetCurrent, ctx); r != 0 {
			b.Fatal(be.newError("cuCtxSetCurrent", 0, r))
		}
	}
	reportPerOp(b, time.Since(start), b.N, "us/call")
}

// BenchmarkGPULaunchDedicatedThread launches the empty kernel through a goroutine locked
// to an OS thread where the context stays current: the alternative design to setting the
// context per call. Compare with BenchmarkGPULaunchEmpty.
func BenchmarkGPULaunchDedicatedThread(b *testing.B) {
	be := gpuRTC(b)
	k := build(b, be, 0, timingSrc)["empty"].(*kernel)
	d := be.devices[0]
	s, err := be.NewStream(0)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Destroy()
	handle := s.(*stream).handle
	gen, _ := be.enter(d)
	fn, err := k.m.function(gen, k.symbol)
	leave()
	if err != nil {
		b.Fatal(err)
	}
	req := make(chan struct{})
	resp := make(chan cuResult)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		ccall(be.drv.cuCtxSetCurrent, d.ctx.Load())
		for range req {
			resp <- ccall(be.drv.cuLaunchKernel, fn, 1, 1, 1, 1, 1, 1, 0, handle, 0, 0)
		}
	}()
	defer close(req)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		req <- struct{}{}
		if r := <-resp; r != 0 {
			b.Fatal(be.newError("cuLaunchKernel", 0, r))
		}
	}
	s.Synchronize()
	reportPerOp(b, time.Since(start), b.N, "us/launch")
}

func BenchmarkGPUCompileCacheHit(b *testing.B) {
	be := gpuRTC(b)
	opts := backend.CompileOptions{File: "bench"}
	if _, err := be.CompileCUDA(0, pingPongSrc, opts); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := be.CompileCUDA(0, pingPongSrc, opts); err != nil {
			b.Fatal(err)
		}
	}
	reportPerOp(b, time.Since(start), b.N, "us/hit")
}

// BenchmarkGPUCompileDiskCacheHit is a hit in a fresh session: the image read from disk
// and loaded on the device.
func BenchmarkGPUCompileDiskCacheHit(b *testing.B) {
	be := gpuRTC(b)
	if be.cache.dir == "" {
		b.Skipf("no disk cache: %s", be.cache.dirDescription())
	}
	opts := backend.CompileOptions{File: "bench-disk"}
	if _, err := be.CompileCUDA(0, pingPongSrc, opts); err != nil {
		b.Fatal(err)
	}
	var total time.Duration
	for i := 0; i < b.N; i++ {
		be.cache.forget()
		start := time.Now()
		if _, err := be.CompileCUDA(0, pingPongSrc, opts); err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
	}
	reportPerOp(b, total, b.N, "us/hit")
}

func BenchmarkGPUCompileMiss(b *testing.B) {
	be := gpuRTC(b)
	var total time.Duration
	for i := 0; i < b.N; i++ {
		src := pingPongSrc + "\n// " + time.Now().String()
		start := time.Now()
		if _, err := be.CompileCUDA(0, src, backend.CompileOptions{File: "bench-miss"}); err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
	}
	reportPerOp(b, total, b.N, "us/compile")
}

const gib = 1 << 30

func benchCopy(b *testing.B, dstDev, srcDev int) {
	be := gpu(b)
	dst := alloc(b, be, dstDev, gib, false)
	src := alloc(b, be, srcDev, gib, false)
	if err := be.Copy(dst, 0, src, 0, gib, nil); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(gib)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := be.Copy(dst, 0, src, 0, gib, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(gib)*float64(b.N)/time.Since(start).Seconds()/1e9, "GB/s")
}

// BenchmarkGPUCopyH2D copies 1 GiB from pinned host memory to the device.
func BenchmarkGPUCopyH2D(b *testing.B) { benchCopy(b, 0, backend.HostDevice) }

// BenchmarkGPUCopyD2H copies 1 GiB from the device to pinned host memory.
func BenchmarkGPUCopyD2H(b *testing.B) { benchCopy(b, backend.HostDevice, 0) }

// BenchmarkGPUCopyD2D copies 1 GiB within the device.
func BenchmarkGPUCopyD2D(b *testing.B) { benchCopy(b, 0, 0) }

// BenchmarkGPUWriteH2D writes 1 GiB from a Go slice (pageable memory).
func BenchmarkGPUWriteH2D(b *testing.B) {
	be := gpu(b)
	dst := alloc(b, be, 0, gib, false)
	src := make([]byte, gib)
	be.Write(dst, 0, src)
	b.SetBytes(gib)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := be.Write(dst, 0, src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(gib)*float64(b.N)/time.Since(start).Seconds()/1e9, "GB/s")
}

// BenchmarkGPUReadD2H reads 1 GiB into a Go slice (pageable memory).
func BenchmarkGPUReadD2H(b *testing.B) {
	be := gpu(b)
	src := alloc(b, be, 0, gib, false)
	dst := make([]byte, gib)
	be.Read(src, 0, dst)
	b.SetBytes(gib)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := be.Read(src, 0, dst); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(gib)*float64(b.N)/time.Since(start).Seconds()/1e9, "GB/s")
}

// BenchmarkGPUPingPong bounces a flag between two kernels running at the same time on two
// streams of one device, through Peer buffers: the time of one round trip.
func BenchmarkGPUPingPong(b *testing.B) {
	be := gpuRTC(b)
	ks := build(b, be, 0, pingPongSrc)
	flags := alloc(b, be, 0, 8, true)
	errBuf := alloc(b, be, 0, 4, false)
	s1, _ := be.NewStream(0)
	s2, _ := be.NewStream(0)
	defer s1.Destroy()
	defer s2.Destroy()
	const rounds = 20000
	run := func(base uint64) {
		launch(b, ks["pong"], 0, 1, 1, s2, args(b, ks["pong"], flags, base, uint64(rounds), errBuf))
		launch(b, ks["ping"], 0, 1, 1, s1, args(b, ks["ping"], flags, base, uint64(rounds), errBuf))
		if err := s1.Synchronize(); err != nil {
			b.Fatal(err)
		}
		if err := s2.Synchronize(); err != nil {
			b.Fatal(err)
		}
	}
	run(0)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		run(uint64(i+1) * rounds)
	}
	el := time.Since(start)
	if e := binary.LittleEndian.Uint32(readBytes(b, be, errBuf)); e != 0 {
		b.Fatalf("a kernel timed out waiting for %d", e)
	}
	reportPerOp(b, el, b.N*rounds, "us/roundtrip")
}

// BenchmarkGPUPingPongHost bounces a flag between a kernel and a Go goroutine through a
// host-resident Peer buffer (pinned, device-mapped).
func BenchmarkGPUPingPongHost(b *testing.B) {
	be := gpuRTC(b)
	ks := build(b, be, 0, pingPongSrc)
	flags := alloc(b, be, backend.HostDevice, 8, true)
	errBuf := alloc(b, be, 0, 4, false)
	w := words(flags)
	s, _ := be.NewStream(0)
	defer s.Destroy()
	const rounds = 20000
	run := func(base uint32) {
		launch(b, ks["ping"], 0, 1, 1, s, args(b, ks["ping"], flags, uint64(base), uint64(rounds), errBuf))
		deadline := time.Now().Add(10 * time.Second)
		for i := base + 1; i <= base+rounds; i++ {
			for n := 0; atomic.LoadUint32(&w[0]) != i; n++ {
				if n&4095 == 4095 && time.Now().After(deadline) {
					b.Fatalf("the kernel never sent %d", i)
				}
			}
			atomic.StoreUint32(&w[1], i)
		}
		if err := s.Synchronize(); err != nil {
			b.Fatal(err)
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	run(0)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		run(uint32(i+1) * rounds)
	}
	reportPerOp(b, time.Since(start), b.N*rounds, "us/roundtrip")
}
