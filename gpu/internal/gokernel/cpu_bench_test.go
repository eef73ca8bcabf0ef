package gokernel

import (
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
)

// benchN is the size of the benchmarks' buffers: 1M float32.
const benchN = 1 << 20

func BenchmarkSAXPY1M(b *testing.B) {
	k := kernel(b, suite.SAXPYSrc)
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
	k := kernel(b, suite.BlockSumSrc)
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
