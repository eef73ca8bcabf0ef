package gokernel

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
)

func TestReductionOddSizes(t *testing.T) {
	k := kernel(t, suite.OddReduceSrc)
	for _, c := range []struct{ n, grid, block int }{
		{1, 1, 1}, {7, 1, 3}, {100, 3, 33}, {1000, 7, 100}, {4097, 5, 255}, {10000, 4, 256},
		{12345, 3, 1023}, {3, 4, 5}, {0, 2, 7},
	} {
		xs := make([]int64, c.n+1)
		want := int64(0)
		for i := range c.n {
			xs[i] = int64(i*7%13) - 5
			want += xs[i]
		}
		xs[c.n] = 1 << 40 // beyond n: must not be summed
		x, partial := newBuf(xs), zeros[int64](c.grid)
		mustLaunch(t, k, c.grid, c.block, c.n, x, partial)
		got := int64(0)
		for _, p := range partial.v {
			got += p
		}
		if got != want {
			t.Errorf("n=%d grid=%d block=%d: sum %d, want %d", c.n, c.grid, c.block, got, want)
		}
	}
}

func TestSharedMemoryIsPerBlockAndZeroed(t *testing.T) {
	k := kernel(t, suite.SharedSrc)
	const blocks = 9
	out := zeros[int32](blocks * 3)
	if err := runDims(k, backend.Dim3{X: blocks, Y: 1, Z: 1}, backend.Dim3{X: 5, Y: 4, Z: 1}, 7*4, out); err != nil {
		t.Fatal(err)
	}
	for b := 0; b < blocks; b++ {
		if got, want := out.v[b*3], int32(20*(b+1)); got != want {
			t.Errorf("block %d: shared sum %d, want %d", b, got, want)
		}
		if out.v[b*3+1] != 5 || out.v[b*3+2] != 7000 {
			t.Errorf("block %d: dynamic shared %d, start %d (want 5, 7000)", b, out.v[b*3+1], out.v[b*3+2])
		}
	}
}

func TestAtomicsEveryTypeAcrossBlocks(t *testing.T) {
	for _, ty := range []string{"int32", "uint32", "int64", "uint64", "int", "uint", "float32", "float64"} {
		t.Run(ty, func(t *testing.T) {
			src := strings.ReplaceAll(`
func atom(t gpu.Thread, acc []ELEM, old []ELEM) {
	i := t.GlobalX()
	gpu.AtomicAdd(&acc[0], 2)
	gpu.AtomicMax(&acc[1], ELEM(i))
	gpu.AtomicMin(&acc[2], ELEM(i+5))
	// a spin lock made of CAS and exchange guards a plain counter
	for gpu.AtomicCAS(&acc[3], 0, 1) != 0 {
	}
	acc[4] = acc[4] + 1
	gpu.AtomicExch(&acc[3], 0)
	old[i] = gpu.AtomicAdd(&acc[5], 1)
	gpu.AtomicStore(&acc[6], gpu.AtomicLoad(&acc[6]))
}`, "ELEM", ty)
			isInt := !strings.HasPrefix(ty, "float")
			if isInt {
				src = strings.Replace(src, "gpu.AtomicStore", `gpu.AtomicOr(&acc[7], 1<<(i%8))
	gpu.AtomicAnd(&acc[8], ^(1<<(i%5)))
	gpu.AtomicXor(&acc[9], 1)
	gpu.AtomicStore`, 1)
			}
			k := kernel(t, src)
			const grid, block = 13, 64
			n := grid * block
			init := []float64{0, 0, 1e6, 0, 0, 0, 42, 0, 0xff, 0}
			var acc, old interface{ launchArg() (backend.Memory, int) }
			var get func(i int) float64
			var seen func(i int) float64
			switch ty {
			case "int32":
				a, o := fromF[int32](init), zeros[int32](n)
				acc, old, get, seen = a, o, func(i int) float64 { return float64(a.v[i]) }, func(i int) float64 { return float64(o.v[i]) }
			case "uint32":
				a, o := fromF[uint32](init), zeros[uint32](n)
				acc, old, get, seen = a, o, func(i int) float64 { return float64(a.v[i]) }, func(i int) float64 { return float64(o.v[i]) }
			case "int64", "int":
				a, o := fromF[int64](init), zeros[int64](n)
				acc, old, get, seen = a, o, func(i int) float64 { return float64(a.v[i]) }, func(i int) float64 { return float64(o.v[i]) }
			case "uint64", "uint":
				a, o := fromF[uint64](init), zeros[uint64](n)
				acc, old, get, seen = a, o, func(i int) float64 { return float64(a.v[i]) }, func(i int) float64 { return float64(o.v[i]) }
			case "float32":
				a, o := fromF[float32](init), zeros[float32](n)
				acc, old, get, seen = a, o, func(i int) float64 { return float64(a.v[i]) }, func(i int) float64 { return float64(o.v[i]) }
			case "float64":
				a, o := fromF[float64](init), zeros[float64](n)
				acc, old, get, seen = a, o, func(i int) float64 { return float64(a.v[i]) }, func(i int) float64 { return float64(o.v[i]) }
			}
			mustLaunch(t, k, grid, block, acc, old)
			want := []float64{2 * float64(n), float64(n - 1), 5, 0, float64(n), float64(n), 42}
			if isInt {
				want = append(want, 0xff, float64(0xff&^0x1f), 0)
			}
			for i, w := range want {
				if g := get(i); g != w {
					t.Errorf("acc[%d] = %v, want %v", i, g, w)
				}
			}
			// every old value of the counter was returned exactly once
			hits := make([]bool, n)
			for i := range n {
				v := int(seen(i))
				if v < 0 || v >= n || hits[v] {
					t.Fatalf("AtomicAdd returned %d twice or out of range", v)
				}
				hits[v] = true
			}
		})
	}
}

func fromF[T int32 | uint32 | int64 | uint64 | float32 | float64](f []float64) *buf[T] {
	v := make([]T, len(f))
	for i, x := range f {
		v[i] = T(x)
	}
	return newBuf(v)
}

// handoffSrc: the producer writes data to a Peer buffer and raises a flag; the consumer
// waits for the flag and copies the data. fence says whether both sides use SyncSystem.
const handoffSrc = `
func produce(t gpu.Thread, round int32, data gpu.Peer[int32], flag gpu.Peer[int32]) {
	for i := range len(data) {
		data[i] = round*1000 + int32(i)
	}
	FENCE
	gpu.AtomicStore(&flag[0], round)
	// wait for the consumer's acknowledgement
	for gpu.AtomicLoad(&flag[1]) != round {
	}
}

func consume(t gpu.Thread, round int32, data gpu.Peer[int32], flag gpu.Peer[int32], got []int32) {
	for gpu.AtomicLoad(&flag[0]) != round {
	}
	FENCE
	for i := range len(data) {
		got[i] = data[i]
	}
	gpu.AtomicStore(&flag[1], round)
}`

// handoff runs rounds of producer and consumer kernels concurrently, as two devices would,
// and returns how many rounds the consumer saw wrong data.
func handoff(t *testing.T, fence bool, rounds int) int {
	src := strings.ReplaceAll(handoffSrc, "FENCE", map[bool]string{true: "gpu.SyncSystem()", false: ""}[fence])
	ks := define(t, src)
	prod, cons := ks["produce"], ks["consume"]
	const n = 8
	data, flag, got := zeros[int32](n), zeros[int32](2), zeros[int32](n)
	data.mem.shared, flag.mem.shared = true, true
	bad := 0
	for r := int32(1); r <= int32(rounds); r++ {
		var wg sync.WaitGroup
		var perr, cerr error
		wg.Add(2)
		go func() { defer wg.Done(); perr = run1(t, prod, 1, 1, r, data, flag) }()
		go func() { defer wg.Done(); cerr = run1(t, cons, 1, 1, r, data, flag, got) }()
		wg.Wait()
		if perr != nil || cerr != nil {
			t.Fatalf("round %d: %v %v", r, perr, cerr)
		}
		for i, v := range got.v {
			if v != r*1000+int32(i) {
				bad++
				break
			}
		}
	}
	return bad
}

func TestPeerHandoffWithFences(t *testing.T) {
	if bad := handoff(t, true, 200); bad != 0 {
		t.Errorf("%d of 200 fenced hand-offs delivered stale data", bad)
	}
}

func TestPeerHandoffWithoutFencesBreaks(t *testing.T) {
	// The producer's data stays in its store buffer until SyncSystem (never) or the end
	// of the thread, which waits for the consumer: every round reads stale data.
	if bad := handoff(t, false, 20); bad != 20 {
		t.Errorf("%d of 20 unfenced hand-offs went wrong; the simulator should break them all", bad)
	}
}

func TestPeerStoresForwardAndDrain(t *testing.T) {
	ks := define(t, `
func writer(t gpu.Thread, p gpu.Peer[int64], seen []int64) {
	p[0] = 7
	seen[0] = p[0]        // the thread sees its own store
	p[0] += 1
	seen[1] = p[0]
	gpu.AtomicAdd(&p[1], 5) // atomics go to memory at once
	p[2] = 9
	seen[2] = gpu.AtomicLoad(&p[2]) // an atomic on the same address sees the pending store
	for i := 3; i < 200; i++ {       // more stores than the store buffer holds
		p[i] = int64(i)
	}
	for i := 3; i < 200; i++ {
		seen[3] += p[i]
	}
}`)
	p, seen := zeros[int64](200), zeros[int64](4)
	p.mem.shared = true
	mustLaunch(t, ks["writer"], 1, 1, p, seen)
	want := []int64{7, 8, 9, 0}
	for i := 3; i < 200; i++ {
		want[3] += int64(i)
	}
	for i, w := range want {
		if seen.v[i] != w {
			t.Errorf("seen[%d] = %d, want %d", i, seen.v[i], w)
		}
	}
	if p.v[0] != 8 || p.v[1] != 5 || p.v[2] != 9 || p.v[199] != 199 {
		t.Errorf("memory after the kernel: %v", p.v[:3])
	}
}

func TestPanicsNameBlockAndThread(t *testing.T) {
	k := kernel(t, `
func oob(t gpu.Thread, x []float32, d int) {
	i := t.GlobalX()
	if i == 77 {
		x[i+100] = 1
	}
	if i == 5 && d >= 0 {
		_ = 10 / d
	}
	if i == 6 && d < -5 {
		x[0] = float32(int(1) << d)
	}
}`)
	x := zeros[float32](150)
	err := run1(t, k, 4, 32, x, 1)
	var pe *PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T), want a *PanicError", err, err)
	}
	if pe.Block != [3]int{2, 0, 0} || pe.Thread != [3]int{13, 0, 0} || pe.Msg != "index out of range [177] with length 150" || pe.Pos != "cell[1]:5:3" {
		t.Errorf("panic %+v", pe)
	}
	wantContains(t, err.Error(), "kernel oob", "block (2,0,0)", "thread (13,0,0)", "cell[1]:5:3", "[177]")
	err = run1(t, k, 1, 32, x, 0)
	wantContains(t, errString(err), "integer divide by zero", "thread (5,0,0)", "cell[1]:8:7")
	err = run1(t, k, 1, 32, x, -9)
	wantContains(t, errString(err), "negative shift amount", "thread (6,0,0)")
	// a barrier kernel reports the failing thread too
	kb := kernel(t, `
func oobBarrier(t gpu.Thread, x []int32) {
	s := gpu.Shared[int32](8)
	s[t.ThreadIdx.X] = 1
	t.Barrier()
	x[t.ThreadIdx.X] = s[0]
}`)
	err = run1(t, kb, 3, 8, zeros[int32](5))
	wantContains(t, errString(err), "oobBarrier", "cell[1]:6:2")
	err = run1(t, kb, 1, 9, zeros[int32](9))
	wantContains(t, errString(err), "thread (8,0,0)", "[8] with length 8", "cell[1]:4:2")
	// runaway recursion
	kr := kernel(t, `
//gpu:device
func down(n int) int { return down(n+1) + 1 }

func rec(t gpu.Thread, x []int) { x[0] = down(0) }`)
	err = run1(t, kr, 1, 1, zeros[int64](1))
	wantContains(t, errString(err), "nested more than", "cell[1]:3:31")
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

func TestInterrupt(t *testing.T) {
	for _, src := range []string{`
func spin(t gpu.Thread, flag []int32) {
	for gpu.AtomicLoad(&flag[0]) == 0 {
	}
}`, `
func spinBarrier(t gpu.Thread, flag []int32) {
	s := gpu.Shared[int32](4)
	s[0] = 1
	t.Barrier()
	for i := 0; ; i++ {
		if gpu.AtomicLoad(&flag[0]) != 0 {
			break
		}
	}
}`, `
//gpu:device
func forever(x []int32) {
	for {
		gpu.AtomicAdd(&x[1], 1)
	}
}

func spinCall(t gpu.Thread, flag []int32) { forever(flag) }`} {
		k := kernel(t, src)
		done := make(chan struct{})
		flag := zeros[int32](2)
		errc := make(chan error, 1)
		go func() {
			errc <- k.Run(backend.LaunchConfig{Grid: backend.Dim3{X: 100, Y: 1, Z: 1}, Block: backend.Dim3{X: 4, Y: 1, Z: 1}},
				[]backend.Arg{arg(k, 0, flag)}, done)
		}()
		time.Sleep(20 * time.Millisecond)
		close(done)
		select {
		case err := <-errc:
			if !errors.Is(err, ErrInterrupted) {
				t.Errorf("%s: error %v, want ErrInterrupted", k.Name(), err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s: not interrupted after a minute", k.Name())
		}
	}
}

func TestLaunchErrors(t *testing.T) {
	k := kernel(t, suite.SAXPYSrc)
	x, y := zeros[float32](10), zeros[float32](10)
	cases := []struct {
		grid, block backend.Dim3
		args        []backend.Arg
		want        string
	}{
		{backend.Dim3{X: 0, Y: 1, Z: 1}, backend.Dim3{X: 1, Y: 1, Z: 1}, nil, "grid size (0,1,1)"},
		{backend.Dim3{X: 1, Y: 1, Z: 1}, backend.Dim3{X: 2048, Y: 1, Z: 1}, nil, "2048 threads per block"},
		{backend.Dim3{X: 1, Y: 1, Z: 1}, backend.Dim3{X: 1, Y: 1, Z: 1}, []backend.Arg{arg(k, 0, 1)}, "takes 4 arguments, got 1"},
		{backend.Dim3{X: 1, Y: 1, Z: 1}, backend.Dim3{X: 1, Y: 1, Z: 1},
			[]backend.Arg{arg(k, 0, 1), arg(k, 0, 1), arg(k, 2, x), arg(k, 3, y)}, "argument 1 (a) is a int64 scalar, the parameter a float32 scalar"},
	}
	for _, c := range cases {
		args := c.args
		if args == nil {
			args = []backend.Arg{arg(k, 0, 1), arg(k, 1, float32(1)), arg(k, 2, x), arg(k, 3, y)}
		}
		err := k.Run(backend.LaunchConfig{Grid: c.grid, Block: c.block}, args, nil)
		wantContains(t, errString(err), c.want)
	}
	big := arg(k, 2, x)
	big.Len = 13
	err := k.Run(backend.LaunchConfig{Grid: backend.Dim3{X: 1, Y: 1, Z: 1}, Block: backend.Dim3{X: 1, Y: 1, Z: 1}},
		[]backend.Arg{arg(k, 0, 1), arg(k, 1, float32(1)), big, arg(k, 3, y)}, nil)
	wantContains(t, errString(err), "13 elements at byte offset 0 don't fit")
}
