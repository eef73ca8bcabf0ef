package gpu

import (
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// The cost of tracing, side by side with tracing off. Run with
//
//	go test -run XXX -bench 'Trace' ./gpu
//
// (the CUDA one skips without a GPU). With tracing on, the timeline is stopped and a new one
// started every traceBatch launches, outside the timer: Stop reads the events and keeps
// the operations, which a long run would otherwise pile up.

const traceBatch = 1024

// benchTraced runs launch b.N times, with a timeline on when traced; sync is called
// every traceBatch launches (and at the end), inside the timer.
func benchTraced(b *testing.B, traced bool, launch func() error, sync func() error) {
	b.Helper()
	var tl *Timeline
	if traced {
		tl = Trace()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := launch(); err != nil {
			b.Fatal(err)
		}
		if i%traceBatch == traceBatch-1 {
			if err := sync(); err != nil {
				b.Fatal(err)
			}
			if traced {
				b.StopTimer()
				if err := tl.Stop(); err != nil {
					b.Fatal(err)
				}
				tl = Trace()
				b.StartTimer()
			}
		}
	}
	if err := sync(); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	if traced {
		if err := tl.Stop(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTraceLaunchOverhead is the gpu package's part of a launch (as
// BenchmarkLaunchOverhead: a backend kernel that does nothing), tracing off and on: off
// must cost what BenchmarkLaunchOverhead/saxpy does; on adds the recorder's work and two
// (simulated) event records.
func BenchmarkTraceLaunchOverhead(b *testing.B) {
	for _, traced := range []bool{false, true} {
		name := "off"
		if traced {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			if err := Use("sim:2"); err != nil {
				b.Fatal(err)
			}
			d := Dev(0)
			sig := backendSig{Name: "nop", Params: []backendParam{scalar("n", Int64), scalar("a", Float32), buf("x", Float32), buf("y", Float32)}}
			args := []any{16, float32(2), must(d.Alloc(Float32, 16)), must(d.Alloc(Float32, 16))}
			k := newKernel(sig, &testKernel{sig: sig}, nil)
			k.code.loaded[loadKey{d.m, 0}] = nopKernel{sig}
			benchTraced(b, traced, func() error { return k.Launch(d, 1, 1, args...) }, func() error { return nil })
		})
	}
}

// BenchmarkTraceSimLaunch is an empty Go kernel launched on a stream of a simulated
// device, tracing off and on.
func BenchmarkTraceSimLaunch(b *testing.B) {
	for _, traced := range []bool{false, true} {
		name := "off"
		if traced {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			k := benchKernels(b)["benchEmpty"]
			d := Dev(0)
			s := must(d.NewStream())
			kk := k.With(OnStream(s))
			benchTraced(b, traced, func() error { return kk.Launch(d, 1, 1) }, s.Synchronize)
		})
	}
}

// traceModes are the CUDA benchmarks' runs: tracing off, on (a launch stamps itself:
// trace_stamps.go), and on with the launches timed by two events instead (as before stamps,
// and as a launch whose traced variant can't be used).
var traceModes = []struct {
	name           string
	traced, stamps bool
}{{"off", false, true}, {"on", true, true}, {"events", true, false}}

// inTraceModes runs bench as a sub-benchmark in each of traceModes, with stampsOn set for
// the mode and restored after.
func inTraceModes(b *testing.B, bench func(b *testing.B, traced bool)) {
	for _, mode := range traceModes {
		b.Run(mode.name, func(b *testing.B) {
			defer func(was bool) { stampsOn = was }(stampsOn)
			stampsOn = mode.stamps
			bench(b, mode.traced)
		})
	}
}

// BenchmarkCUDATraceLaunch is an empty CUDA C kernel launched on a stream of GPU 0
// (BenchmarkCUDAEmptyLaunch), tracing off and on (the budget: on adds at most 1 µs
// on the H200), and on with events (two event records per launch).
func BenchmarkCUDATraceLaunch(b *testing.B) {
	inTraceModes(b, func(b *testing.B, traced bool) {
		defer catch(b)
		useCUDA(b)
		_, _, empty := defineCUDAHandoff(b)
		d := Dev(0)
		s := must(d.NewStream())
		k := empty.With(OnStream(s))
		must(0, k.Launch(d, 1, 1))
		must(0, s.Synchronize())
		benchTraced(b, traced, func() error { return k.Launch(d, 1, 1) }, s.Synchronize)
	})
}

// BenchmarkCUDATraceLaunchSync is an empty kernel launched without a stream (Launch waits
// for it), tracing off, on, and on with events.
func BenchmarkCUDATraceLaunchSync(b *testing.B) {
	inTraceModes(b, func(b *testing.B, traced bool) {
		defer catch(b)
		useCUDA(b)
		_, _, empty := defineCUDAHandoff(b)
		d := Dev(0)
		must(0, empty.Launch(d, 1, 1))
		benchTraced(b, traced, func() error { return empty.Launch(d, 1, 1) }, func() error { return nil })
	})
}

// BenchmarkCUDATraceGrid is an empty kernel of 100,000 blocks of 256 threads, launched
// without a stream (Launch waits), tracing off, on and on with events: what a traced
// variant's per-block work (a barrier, a shared atomic per warp, one global atomic) costs a
// kernel of many small blocks, beside the launch.
func BenchmarkCUDATraceGrid(b *testing.B) {
	inTraceModes(b, func(b *testing.B, traced bool) {
		defer catch(b)
		useCUDA(b)
		_, _, empty := defineCUDAHandoff(b)
		d := Dev(0)
		must(0, empty.Launch(d, 100_000, 256))
		benchTraced(b, traced, func() error { return empty.Launch(d, 100_000, 256) }, func() error { return nil })
	})
}

// BenchmarkTraceStampedOverhead is the gpu package's part of a traced launch that stamps
// itself (a backend kernel whose LaunchStamped does nothing: the host's side of
// trace_stamps.go), side by side with tracing off and with events (simulated).
func BenchmarkTraceStampedOverhead(b *testing.B) {
	inTraceModes(b, func(b *testing.B, traced bool) {
		if err := Use("sim:1"); err != nil {
			b.Fatal(err)
		}
		d := Dev(0)
		sb := &stampBackend{Backend: d.m.b}
		d.m.b = sb
		defer func() { d.m.b = sb.Backend }()
		sig := backendSig{Name: "nop", Params: []backendParam{scalar("n", Int64), scalar("a", Float32), buf("x", Float32), buf("y", Float32)}}
		args := []any{16, float32(2), must(d.Alloc(Float32, 16)), must(d.Alloc(Float32, 16))}
		k := newKernel(sig, &testKernel{sig: sig}, nil)
		k.code.loaded[loadKey{d.m, 0}] = &nopStampKernel{sig: sig}
		benchTraced(b, traced, func() error { return k.Launch(d, 1, 1, args...) }, func() error { return nil })
	})
}

// nopStampKernel does nothing but stamp (a start and end of 1 and 2 ns).
type nopStampKernel struct{ sig backendSig }

func (k *nopStampKernel) Signature() backendSig                    { return k.sig }
func (k *nopStampKernel) Launch(backendConfig, []backendArg) error { return nil }
func (k *nopStampKernel) PrepareStamped() error                    { return nil }
func (k *nopStampKernel) LaunchStamped(_ backendConfig, _ []backendArg, slot backend.Memory, off int64) error {
	h := slot.Host()[off:]
	h[0], h[8] = ^byte(1), 2
	for i := 1; i < 8; i++ {
		h[i] = 0xff
	}
	return nil
}
func (k *nopStampKernel) LaunchTimed(cfg backendConfig, _ []backendArg, start, end backend.Event) error {
	if err := start.Record(cfg.Stream); err != nil {
		return err
	}
	return end.Record(cfg.Stream)
}
