package gokernel

import (
	"testing"

	"github.com/peerbook/peerbook/gpu/backend"
)

const benchN = 1 << 20

const saxpySrc = `
func saxpy(t gpu.Thread, n int, a float32, x []float32, y []float32) {
	i := t.GlobalX()
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}`

// reduceSrc sums x into out[0]: each block reduces blockDim elements in shared memory
// (blockDim a power of two, at most 256), then adds its sum atomically.
const reduceSrc = `
func blockSum(t gpu.Thread, n int, x []float32, out []float32) {
	s := gpu.Shared[float32](256)
	tid := t.ThreadIdx.X
	i := t.GlobalX()
	v := float32(0)
	if i < n {
		v = x[i]
	}
	s[tid] = v
	t.Barrier()
	for stride := t.BlockDim.X / 2; stride > 0; stride >>= 1 {
		if tid < stride {
			s[tid] += s[tid+stride]
		}
		t.Barrier()
	}
	if tid == 0 {
		gpu.AtomicAdd(&out[0], s[0])
	}
}`

func BenchmarkSAXPY1M(b *testing.B) {
	k := kernel(b, saxpySrc)
	x, y := zeros[float32](benchN), zeros[float32](benchN)
	args := []backend.Arg{arg(k, 0, benchN), arg(k, 1, float32(2)), arg(k, 2, x), arg(k, 3, y)}
	cfg := backend.LaunchConfig{Grid: backend.Dim3{X: benchN / 256, Y: 1, Z: 1}, Block: backend.Dim3{X: 256, Y: 1, Z: 1}}
	b.SetBytes(benchN * 12)
	for b.Loop() {
		if err := k.Run(cfg, args, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBlockReduce1M(b *testing.B) {
	k := kernel(b, reduceSrc)
	xs := make([]float32, benchN)
	for i := range xs {
		xs[i] = 1
	}
	x, out := newBuf(xs), zeros[float32](1)
	args := []backend.Arg{arg(k, 0, benchN), arg(k, 1, x), arg(k, 2, out)}
	cfg := backend.LaunchConfig{Grid: backend.Dim3{X: benchN / 256, Y: 1, Z: 1}, Block: backend.Dim3{X: 256, Y: 1, Z: 1}}
	b.SetBytes(benchN * 4)
	for b.Loop() {
		out.v[0] = 0
		if err := k.Run(cfg, args, nil); err != nil {
			b.Fatal(err)
		}
	}
	if out.v[0] != benchN {
		b.Fatalf("sum %v, want %v", out.v[0], benchN)
	}
}
