package cuda

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// Benchmarks on a GPU (skipped elsewhere). gpu/internal/cuda/bench/run.sh runs them beside the same
// measurements written in CUDA C (nvcc) and CuPy. Custom metrics: us/launch, us/roundtrip,
// GB/s (1e9 bytes per second, bytes copied once).

const pingPongSrc = `
// ping and pong bounce a counter through two Peer flags: f[0] is ping's, f[1] pong's.
// Loads are ld.acquire.sys, stores st.release.sys: what cuda::atomic_ref<unsigned,
// cuda::thread_scope_system> load(acquire) / store(release) compile to. err[0]: the value
// ping gave up waiting for, err[1]: pong's.
__device__ bool wait_for(Peer<unsigned> f, int i, unsigned v, Slice<unsigned> err, int who) {
  unsigned long long start = peerbook_time_ns();
  for (unsigned n = 0; f.load_acquire(i) != v; n++) {
    if ((n & 4095u) == 4095u && peerbook_time_ns() - start > 5000000000ull) {
      err[who] = v;
      return false;
    }
  }
  return true;
}
extern "C" __global__ void ping(Peer<unsigned> f, unsigned base, unsigned rounds, Slice<unsigned> err) {
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    f.store_release(0, i);
    if (!wait_for(f, 1, i, err, 0)) return;
  }
}
extern "C" __global__ void pong(Peer<unsigned> f, unsigned base, unsigned rounds, Slice<unsigned> err) {
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    if (!wait_for(f, 0, i, err, 1)) return;
    f.store_release(1, i);
  }
}
`

// pingPongRawSrc is the ping-pong protocol on plain pointers, in system or device (gpu)
// scope, without Peer's bounds checks: what the C reference (bench/pingpong.cu) runs.
const pingPongRawSrc = `
// The same protocol on plain pointers, in system or device (gpu) scope.
__device__ __forceinline__ unsigned raw_load(const unsigned* p, bool sys) {
  unsigned v;
  if (sys) asm volatile("ld.acquire.sys.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  else asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void raw_store(unsigned* p, unsigned v, bool sys) {
  if (sys) asm volatile("st.release.sys.b32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
  else asm volatile("st.release.gpu.b32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ bool raw_wait(const unsigned* f, unsigned v, unsigned* err, bool sys) {
  unsigned long long start = peerbook_time_ns();
  for (unsigned n = 0; raw_load(f, sys) != v; n++) {
    if ((n & 4095u) == 4095u && peerbook_time_ns() - start > 5000000000ull) {
      *err = v;
      return false;
    }
  }
  return true;
}
__device__ __forceinline__ void raw_ping(unsigned* f, unsigned base, unsigned rounds, unsigned* err, bool sys) {
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    raw_store(&f[0], i, sys);
    if (!raw_wait(&f[1], i, &err[0], sys)) return;
  }
}
__device__ __forceinline__ void raw_pong(unsigned* f, unsigned base, unsigned rounds, unsigned* err, bool sys) {
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    if (!raw_wait(&f[0], i, &err[1], sys)) return;
    raw_store(&f[1], i, sys);
  }
}
extern "C" __global__ void ping_sys_raw(unsigned* f, unsigned base, unsigned rounds, unsigned* err) { raw_ping(f, base, rounds, err, true); }
extern "C" __global__ void pong_sys_raw(unsigned* f, unsigned base, unsigned rounds, unsigned* err) { raw_pong(f, base, rounds, err, true); }
extern "C" __global__ void ping_gpu_raw(unsigned* f, unsigned base, unsigned rounds, unsigned* err) { raw_ping(f, base, rounds, err, false); }
extern "C" __global__ void pong_gpu_raw(unsigned* f, unsigned base, unsigned rounds, unsigned* err) { raw_pong(f, base, rounds, err, false); }
`

func reportPerOp(b *testing.B, d time.Duration, ops int, unit string) {
	b.ReportMetric(float64(d.Nanoseconds())/1e3/float64(ops), unit)
}

// benchLaunches times b.N calls of launch, after 1000 untimed ones, up to the end of the
// last on stream s, and reports microseconds per launch.
func benchLaunches(b *testing.B, s backend.Stream, launch func() error) {
	for i := 0; i < 1000; i++ {
		launch()
	}
	s.Synchronize()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := launch(); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Synchronize(); err != nil {
		b.Fatal(err)
	}
	reportPerOp(b, time.Since(start), b.N, "us/launch")
}

// launchModes are the ways a launch makes its context current (ctxMode,
// PEERBOOK_CUDA_CTX); the default is first.
var launchModes = []ctxMode{ctxFused, ctxGet, ctxSet}

// inMode runs f with be in context mode m, then restores the mode.
func inMode(be *Backend, m ctxMode, f func()) {
	old := be.ctxMode
	be.ctxMode = m
	defer func() { be.ctxMode = old }()
	f()
}

// BenchmarkGPULaunchEmpty launches empty kernels on a stream (one wait at the end), made on
// the caller's thread in each context mode (ctx=fused-locked runs the loop on a locked OS
// thread: no thread switches between launches), and queued (the default: a goroutine of
// the backend's submits them, queue.go). Compare with c_launch_empty_us (launch.cu: the
// CUDA runtime on a non-blocking stream, like ours) and c_drv_launch_* (launch_drv.cu: the
// driver API from C, the calls we make).
func BenchmarkGPULaunchEmpty(b *testing.B) {
	be := gpuRTC(b)
	k := build(b, be, 0, timingSrc)["empty"]
	s, err := be.NewStream(0)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Destroy()
	cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: s}
	queue := be.queue
	defer func() { be.queue = queue }()
	for _, v := range []string{"fused", "fused-locked", "get", "set", "queued"} {
		mode, _ := parseCtxMode(strings.TrimSuffix(v, "-locked"))
		name := "ctx=" + v
		be.flushLaunches()
		be.queue = nil // made on the caller's thread (PEERBOOK_CUDA_LAUNCH=direct)
		if v == "queued" {
			mode, name, be.queue = ctxFused, v, queue
		}
		b.Run(name, func(b *testing.B) {
			inMode(be, mode, func() {
				if strings.HasSuffix(v, "-locked") {
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
				}
				benchLaunches(b, s, func() error { return k.Launch(cfg, nil) })
			})
		})
	}
}

// BenchmarkGPULaunchSync launches and waits each time (a nil stream: the backend's stream;
// in ctxFused mode the launch and the wait are one crossing into C). Compare with
// c_launch_sync_us and c_drv_launch_sync_us.
func BenchmarkGPULaunchSync(b *testing.B) {
	be := gpuRTC(b)
	k := build(b, be, 0, timingSrc)["empty"]
	cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}}
	for _, mode := range launchModes {
		b.Run("ctx="+mode.String(), func(b *testing.B) {
			inMode(be, mode, func() {
				for i := 0; i < 100; i++ {
					k.Launch(cfg, nil)
				}
				b.ResetTimer()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					if err := k.Launch(cfg, nil); err != nil {
						b.Fatal(err)
					}
				}
				reportPerOp(b, time.Since(start), b.N, "us/launch")
			})
		})
	}
}

// BenchmarkGPULaunchTimed is an empty kernel, queued on a stream and waited for (nil
// stream), plain (Launch), bracketed by two events in its crossing (LaunchTimed, what a
// timeline does) and bracketed by two separate event records (Record, Launch, Record: how
// timelines did it before): the events' cost side by side with the launch.
func BenchmarkGPULaunchTimed(b *testing.B) {
	be := gpuRTC(b)
	k := build(b, be, 0, timingSrc)["empty"].(*kernel)
	s, err := be.NewStream(0)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Destroy()
	e0, _ := be.NewEvent(0)
	e1, _ := be.NewEvent(0)
	defer e0.Destroy()
	defer e1.Destroy()
	for _, where := range []string{"stream", "sync"} {
		cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: s}
		if where == "sync" {
			cfg.Stream = nil
		}
		for _, how := range []string{"plain", "timed", "records"} {
			launch := func() error { return k.Launch(cfg, nil) }
			switch how {
			case "timed":
				launch = func() error { return k.LaunchTimed(cfg, nil, e0, e1) }
			case "records":
				launch = func() error {
					if err := e0.Record(cfg.Stream); err != nil {
						return err
					}
					if err := k.Launch(cfg, nil); err != nil {
						return err
					}
					return e1.Record(cfg.Stream)
				}
			}
			b.Run(where+"/"+how, func(b *testing.B) {
				b.ReportAllocs()
				benchLaunches(b, s, launch)
			})
		}
	}
}

// BenchmarkGPULaunchArgs is BenchmarkGPULaunchEmpty (default mode) for a kernel of five
// parameters (Peer, Slice, pointer, two scalars): the price of packing arguments.
func BenchmarkGPULaunchArgs(b *testing.B) {
	be := gpuRTC(b)
	ks := build(b, be, 0, `extern "C" __global__ void five(Peer<float> p, Slice<float> s, float* raw, int n, double a) {}`)
	k := ks["five"]
	p := alloc(b, be, 0, 4096, true)
	sl := alloc(b, be, 0, 4096, false)
	s, err := be.NewStream(0)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Destroy()
	a := args(b, k, p, sl, sl, 1024, 0.5)
	cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: s}
	benchLaunches(b, s, func() error { return k.Launch(cfg, a) })
}

// BenchmarkGPULaunchRaw launches the empty kernel with nothing of Launch around it, on a
// locked OS thread whose current context is the device's: the floor of each way of
// calling cuLaunchKernel. purego: purego.SyscallN; +get: cuCtxGetCurrent first (one more
// purego call); +set: cuCtxSetCurrent first; trampoline: one runtime.cgocall into
// fused_linux_amd64.s; +ctx: with the context check inside that crossing. The gap to
// BenchmarkGPULaunchEmpty is Launch's own Go work (checks, packing, locks).
func BenchmarkGPULaunchRaw(b *testing.B) {
	be := gpuRTC(b)
	k := build(b, be, 0, timingSrc)["empty"].(*kernel)
	d := be.devices[0]
	s, err := be.NewStream(0)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Destroy()
	handle := s.(*stream).handle
	gen, err := be.enter(d)
	if err != nil {
		b.Fatal(err)
	}
	fn, err := k.m.function(gen, k.symbol)
	leave()
	if err != nil {
		b.Fatal(err)
	}
	variants := []struct {
		name string
		mode ctxMode
		ctx  bool
	}{
		{"purego", ctxGet, false},
		{"purego+get", ctxGet, true},
		{"purego+set", ctxSet, true},
		{"trampoline", ctxFused, false},
		{"trampoline+ctx", ctxFused, true},
	}
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			if v.mode == ctxFused && !haveFusedTrampoline {
				b.Skip("no trampoline on this platform")
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			if r := call1(be.drv.cuCtxSetCurrent, d.ctx.Load()); r != 0 {
				b.Fatal(be.newError("cuCtxSetCurrent", 0, r))
			}
			c := new(fusedCall)
			c.getCurrent, c.setCurrent = be.drv.cuCtxGetCurrent, be.drv.cuCtxSetCurrent
			if v.ctx {
				c.ctx = d.ctx.Load()
			}
			c.fn = be.drv.cuLaunchKernel
			c.a = [11]uintptr{fn, 1, 1, 1, 1, 1, 1, 0, handle, 0, 0}
			benchLaunches(b, s, func() error {
				c.call(v.mode)
				if c.r != 0 || c.ctxR != 0 {
					return fmt.Errorf("launch %d, set context %d", c.r, c.ctxR)
				}
				return nil
			})
		})
	}
}

// BenchmarkGPUCtxSetCurrent is the price of making the context current before each call
// (ctxSet), against BenchmarkGPUCtxGetCurrent (ctxGet) and BenchmarkGPULaunchDedicatedThread.
func BenchmarkGPUCtxSetCurrent(b *testing.B) {
	be := gpu(b)
	d := be.devices[0]
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := d.ctx.Load()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if r := call1(be.drv.cuCtxSetCurrent, ctx); r != 0 {
			b.Fatal(be.newError("cuCtxSetCurrent", 0, r))
		}
	}
	reportPerOp(b, time.Since(start), b.N, "us/call")
}

// BenchmarkGPUCtxGetCurrent is the price of reading the thread's current context through
// purego (ctxGet's check; in ctxFused mode the check runs inside the launch's crossing).
func BenchmarkGPUCtxGetCurrent(b *testing.B) {
	be := gpu(b)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	want := be.devices[0].ctx.Load()
	call1(be.drv.cuCtxSetCurrent, want)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if r, cur := callOut(be.drv.cuCtxGetCurrent); r != 0 || cur != want {
			b.Fatalf("cuCtxGetCurrent: %d, %#x", r, cur)
		}
	}
	reportPerOp(b, time.Since(start), b.N, "us/call")
}

// BenchmarkThreadIdentity measures ways to tell which OS thread runs: gettid (a system
// call) and a LockOSThread/UnlockOSThread pair, against cuCtxGetCurrent through purego
// (BenchmarkGPUCtxGetCurrent). A Go-side "context already current on this thread" cache
// would need one of these on every call, and could go stale (a thread that exits and a new
// one that gets its id): the fused trampoline asks the driver instead, in the same crossing.
func BenchmarkThreadIdentity(b *testing.B) {
	b.Run("gettid", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			threadID()
		}
	})
	b.Run("lock-unlock", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			runtime.LockOSThread()
			runtime.UnlockOSThread()
		}
	})
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
		call1(be.drv.cuCtxSetCurrent, d.ctx.Load())
		c := new(fusedCall)
		c.fn = be.drv.cuLaunchKernel
		c.a = [11]uintptr{fn, 1, 1, 1, 1, 1, 1, 0, handle, 0, 0}
		for range req {
			c.call(ctxGet)
			resp <- c.result()
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

// benchGiB times b.N runs of op, each moving 1 GiB, after one untimed run, and reports GB/s.
func benchGiB(b *testing.B, op func() error) {
	if err := op(); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(gib)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := op(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(gib)*float64(b.N)/time.Since(start).Seconds()/1e9, "GB/s")
}

func benchCopy(b *testing.B, dstDev, srcDev int) {
	be := gpu(b)
	dst := alloc(b, be, dstDev, gib, false)
	src := alloc(b, be, srcDev, gib, false)
	benchGiB(b, func() error { return be.Copy(dst, 0, src, 0, gib, nil) })
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
	benchGiB(b, func() error { return be.Write(dst, 0, src) })
}

// BenchmarkGPUReadD2H reads 1 GiB into a Go slice (pageable memory).
func BenchmarkGPUReadD2H(b *testing.B) {
	be := gpu(b)
	src := alloc(b, be, 0, gib, false)
	dst := make([]byte, gib)
	benchGiB(b, func() error { return be.Read(src, 0, dst) })
}

// BenchmarkGPUPingPong bounces a flag between two kernels running at the same time on two
// streams of one device: the time of one round trip. scope=sys: Peer buffers and their
// load_acquire/store_release (ld.acquire.sys / st.release.sys, what cells write);
// scope=sys-raw: the same instructions on plain pointers, without Peer's bounds checks
// (what c_pingpong_sys_us measures with cuda::atomic_ref); scope=gpu-raw: device scope
// (c_pingpong_dev_us).
func BenchmarkGPUPingPong(b *testing.B) {
	be := gpuRTC(b)
	ks := build(b, be, 0, pingPongSrc)
	flags := alloc(b, be, 0, 8, true)
	errBuf := alloc(b, be, 0, 8, false)
	// The plain-pointer variants are another module: were it not to compile, the Peer
	// variant (and the compile benchmarks, which use pingPongSrc) still run.
	if m, err := be.CompileCUDA(0, pingPongRawSrc, backend.CompileOptions{File: "pingpong_raw"}); err != nil {
		b.Logf("the plain-pointer ping-pong does not compile: %v", err)
	} else {
		sigs, _ := cudasrc.Signatures(pingPongRawSrc)
		for _, sig := range sigs {
			if k, err := m.Kernel(sig.Name, sig); err == nil {
				ks[sig.Name] = k
			} else {
				b.Logf("kernel %s: %v", sig.Name, err)
			}
		}
	}
	s1, _ := be.NewStream(0)
	s2, _ := be.NewStream(0)
	defer s1.Destroy()
	defer s2.Destroy()
	const rounds = 20000
	for _, v := range []struct{ name, ping, pong string }{
		{"sys", "ping", "pong"}, {"sys-raw", "ping_sys_raw", "pong_sys_raw"}, {"gpu-raw", "ping_gpu_raw", "pong_gpu_raw"},
	} {
		b.Run("scope="+v.name, func(b *testing.B) {
			ping, pong := ks[v.ping], ks[v.pong]
			if ping == nil || pong == nil {
				b.Skip("kernels not compiled (see the log above)")
			}
			if err := be.Fill(flags, 0, 8, []byte{0}); err != nil {
				b.Fatal(err)
			}
			if err := be.Fill(errBuf, 0, 8, []byte{0}); err != nil {
				b.Fatal(err)
			}
			run := func(base uint64) {
				launch(b, pong, 0, 1, 1, s2, args(b, pong, flags, base, uint64(rounds), errBuf))
				launch(b, ping, 0, 1, 1, s1, args(b, ping, flags, base, uint64(rounds), errBuf))
				if err := s1.Synchronize(); err != nil {
					b.Fatal(err)
				}
				if err := s2.Synchronize(); err != nil {
					b.Fatal(err)
				}
				if e := readBytes(b, be, errBuf); binary.LittleEndian.Uint64(e) != 0 {
					b.Fatalf("timed out: ping waiting for %d, pong for %d (0: did not time out)",
						binary.LittleEndian.Uint32(e), binary.LittleEndian.Uint32(e[4:]))
				}
			}
			run(0)
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				run(uint64(i+1) * rounds)
			}
			reportPerOp(b, time.Since(start), b.N*rounds, "us/roundtrip")
		})
	}
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
