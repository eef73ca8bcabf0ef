package gpu

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// The hand-off suite: flags and counters between GPUs, within one GPU and with the host, run
// by the same code on every simulated preset (TestHandoffSuiteSim) and on the CUDA devices
// (TestCUDAHandoffSuite). What a machine can't do atomically is refused, the same way on
// both; every hand-off that is launched must deliver exact data and counts.

const handoffSuiteSrc = `
func hoProduce(t gpu.Thread, data gpu.Peer[float32], flag gpu.Peer[uint32], round uint32) {
	i := t.GlobalX()
	if i < len(data) {
		data[i] = float32(i) + float32(round)
	}
	gpu.SyncSystem()
	t.Barrier()
	if i == 0 {
		gpu.AtomicStore(&flag[0], round)
	}
}

// hoConsume spins until the flag says round, then copies the data. It gives up after 2^26
// spins (seconds), so that a lost flag fails the test on the data rather than hanging it.
func hoConsume(t gpu.Thread, data gpu.Peer[float32], flag gpu.Peer[uint32], round uint32, out []float32) {
	for spins := 0; gpu.AtomicLoad(&flag[0]) != round; spins++ {
		if spins > 1<<26 {
			return
		}
	}
	gpu.SyncSystem()
	i := t.GlobalX()
	if i < len(data) {
		out[i] = data[i]
	}
}

func hoCount(t gpu.Thread, c gpu.Peer[uint32], reps int) {
	for r := 0; r < reps; r++ {
		gpu.AtomicAdd(&c[0], uint32(1))
	}
}`

// hoN is the number of elements handed off.
const hoN = 256

func checkHandoffData(t *testing.T, what string, out *Buffer, round int) {
	t.Helper()
	got := must(out.Float32s())
	for i, v := range got {
		if v != float32(i+round) {
			t.Fatalf("%s round %d: out[%d] = %v, want %d", what, round, i, v, i+round)
		}
	}
}

// runHandoffSuite runs every hand-off on the current devices.
func runHandoffSuite(t *testing.T) {
	ks := defineGo(t, handoffSuiteSrc)
	produce, consume, count := ks["hoProduce"], ks["hoConsume"], ks["hoCount"]
	ndev := NumDevices()
	// Each case recovers its own failed must, so that on a GPU machine the others still run.
	run := func(name string, f func(t *testing.T)) {
		t.Run(name, func(t *testing.T) {
			defer catch(t)
			f(t)
		})
	}

	run("flag GPU to GPU", func(t *testing.T) {
		if ndev < 2 {
			t.Skipf("needs two GPUs; this machine has %d", ndev)
		}
		for _, pair := range [][2]int{{0, ndev - 1}, {ndev - 1, 0}} {
			src, dst := Dev(pair[0]), Dev(pair[1])
			// Data and flag on the producer, shared; in host memory where the consumer
			// can't reach the producer (no P2P access), as the doc says.
			home := src
			if !dst.CanAccessPeer(src) {
				home = Host()
			}
			data := must(home.AllocShared(Float32, hoN))
			flag := must(home.AllocShared(Uint32, 1))
			out := must(dst.Alloc(Float32, hoN))
			s := must(dst.NewStream())
			for round := 1; round <= 3; round++ {
				must(0, consume.Launch(dst, 1, hoN, data, flag, round, out, OnStream(s)))
				must(0, produce.Launch(src, 1, hoN, data, flag, round))
				must(0, s.Synchronize())
				checkHandoffData(t, fmt.Sprintf("%v to %v through %v", src, dst, home), out, round)
			}
			must(0, s.Destroy())
		}
	})

	run("flag within one GPU", func(t *testing.T) {
		d := Dev(0)
		data := must(d.Alloc(Float32, hoN))
		flag := must(d.Alloc(Uint32, 1))
		must(0, data.ShareWith(d)) // concurrent kernels on one GPU are peers too
		must(0, flag.ShareWith(d))
		out := must(d.Alloc(Float32, hoN))
		s1, s2 := must(d.NewStream()), must(d.NewStream())
		for round := 1; round <= 3; round++ {
			must(0, consume.Launch(d, 1, hoN, data, flag, round, out, OnStream(s1)))
			must(0, produce.Launch(d, 1, hoN, data, flag, round, OnStream(s2)))
			must(0, s1.Synchronize())
			must(0, s2.Synchronize())
			checkHandoffData(t, "stream to stream", out, round)
		}
	})

	run("flag host to GPU", func(t *testing.T) {
		d := Dev(ndev - 1)
		data := must(Host().AllocShared(Float32, hoN))
		flag := must(Host().AllocShared(Uint32, 1))
		out := must(d.Alloc(Float32, hoN))
		s := must(d.NewStream())
		vals := make([]float32, hoN)
		for round := 1; round <= 3; round++ {
			must(0, consume.Launch(d, 1, hoN, data, flag, round, out, OnStream(s)))
			for i := range vals {
				vals[i] = float32(i + round)
			}
			must(0, data.Write(vals))
			must(0, flag.AtomicStore(0, int64(round))) // a plain store: safe everywhere
			must(0, s.Synchronize())
			checkHandoffData(t, "host to "+d.String(), out, round)
		}
	})

	run("flag GPU to host", func(t *testing.T) {
		d := Dev(0)
		data := must(Host().AllocShared(Float32, hoN))
		flag := must(Host().AllocShared(Uint32, 1))
		s := must(d.NewStream())
		for round := 1; round <= 3; round++ {
			must(0, produce.Launch(d, 1, hoN, data, flag, round, OnStream(s)))
			must(0, flag.WaitValue(0, int64(round), 20*time.Second))
			checkHandoffData(t, d.String()+" to host", data, round)
			must(0, s.Synchronize())
		}
	})

	run("counter on GPU0 from every GPU", func(t *testing.T) {
		const reps = 4
		c := must(Dev(0).AllocShared(Uint32, 1))
		var streams []*Stream
		want := 0
		for _, d := range c.SharedWith() {
			s := must(d.NewStream())
			streams = append(streams, s)
			err := count.Launch(d, 4, 64, c, reps, OnStream(s))
			native := must(d.PairCaps(Dev(0))).NativeAtomics
			switch {
			case native && err != nil:
				t.Errorf("%v: %v", d, err)
			case native:
				want += 4 * 64 * reps
			case !errors.Is(err, ErrCapability):
				t.Errorf("%v: atomics on GPU0's counter without native P2P atomics: %v", d, err)
			}
		}
		for _, s := range streams {
			must(0, s.Synchronize())
		}
		if v := must(c.Uint32s()); int(v[0]) != want {
			t.Errorf("counter %d, want %d", v[0], want)
		}
	})

	run("counter shared by host and GPU", func(t *testing.T) {
		checkHostCounter(t, Runtime(), 2, 2000)
	})
}

func TestHandoffSuiteSim(t *testing.T) {
	for _, spec := range allPresets {
		t.Run(spec, func(t *testing.T) {
			use(t, spec)
			runHandoffSuite(t)
		})
	}
}

func TestCUDAHandoffSuite(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	runHandoffSuite(t)
}
