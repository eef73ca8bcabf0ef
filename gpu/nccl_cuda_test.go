package gpu

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/nccl"
	"github.com/peerbook/peerbook/gpu/internal/ranktest"
)

// NCCL on the GPU machine: the collectives' engine on CUDA ranks (engine.go, nccl_glue.go).
// Without a CUDA device or without libnccl they skip, saying which. gpu/internal/cuda/bench/
// ranks.sh runs them with the other rank tests (they are TestCUDARanks*).

// rankedNCCL runs body on n CUDA ranks, skipping where there is no GPU or no NCCL.
func rankedNCCL(t *testing.T, n int, body func(t *testing.T), opts ...ranktest.Option) {
	t.Helper()
	if os.Getenv("PEERBOOK_RANKTEST_HUB") == "" {
		useCUDA(t) // skips without a GPU
		l, err := nccl.Open()
		if err != nil {
			t.Skipf("SKIP: no NCCL: %v", err)
		}
		t.Logf("NCCL %s from %s", l.VersionString(), l.Path())
	}
	ranked(t, n, "cuda", func(t *testing.T) {
		defer catch(t)
		body(t)
	}, opts...)
}

// identityOnOneRank all-reduces and broadcasts buffers of every dtype NCCL carries with
// every reduction: on one rank each leaves the buffer as it is, and NCCL must accept every
// type and reduction the binding maps.
func identityOnOneRank(t *testing.T) {
	t.Helper()
	for _, dt := range []DType{Int8, Uint8, Int32, Uint32, Int64, Uint64, Float16, BFloat16, Float32, Float64} {
		v := []float64{3, 1, 4, 1, 5, 9, 2, 6}
		b := must(Dev(0).Alloc(dt, len(v)))
		must(0, writeValues(b, v))
		for _, op := range []ReduceOp{ReduceSum, ReduceProd, ReduceMin, ReduceMax} {
			if err := AllReduce(b, op); err != nil {
				t.Fatalf("AllReduce %v %v: %v", dt, op, err)
			}
		}
		// A view at an offset: the device address moves with it.
		view := must(b.Slice(2, 6))
		must(0, Broadcast(view, 0))
		for i, g := range must(b.Values()) {
			if g != v[i] {
				t.Errorf("%v: element %d is %v after the collectives of one rank, want %v", dt, i, g, v[i])
			}
		}
	}
}

// TestCUDARanksNCCLOneRankCommunicator: a communicator of one rank on the GPU, made each way
// (the unique id by pointer, and by value as the C ABI passes it), carries the collectives.
func TestCUDARanksNCCLOneRankCommunicator(t *testing.T) {
	for _, via := range []string{"scalable", "by-value"} {
		t.Run(via, func(t *testing.T) {
			rankedNCCL(t, 1, func(t *testing.T) {
				notes := &syncBuffer{}
				defer setNotice(setNotice(notes))
				e := must(Collectives())
				if e.Engine != "nccl" {
					t.Fatalf("one rank on the GPU: engine %v, want NCCL", e)
				}
				identityOnOneRank(t)
				if e := must(Collectives()); e.Engine != "nccl" {
					t.Errorf("after the collectives: engine %v", e)
				}
				if notes.String() != "" {
					t.Errorf("notices: %s", notes)
				}
				result("nccl_version", e.Version)
			}, ranktest.Env(EnvNCCLInit+"="+via))
		})
	}
}

// TestCUDARanksNCCLTwoRanks: two ranks. Where they share the machine's one GPU, NCCL refuses
// them: peerbook knows and uses the host-staged engine, saying so; with PEERBOOK_NCCL=ask
// NCCL is asked and its refusal ("duplicate GPU") is what the engine reports. Where each
// rank has its own GPU, NCCL carries the collectives, and their results are checked.
func TestCUDARanksNCCLTwoRanks(t *testing.T) {
	for _, ask := range []bool{false, true} {
		t.Run(fmt.Sprintf("ask=%v", ask), func(t *testing.T) {
			var opts []ranktest.Option
			if ask {
				opts = append(opts, ranktest.Env(EnvNCCL+"=ask"))
			}
			rankedNCCL(t, 2, func(t *testing.T) {
				notes := &syncBuffer{}
				defer setNotice(setNotice(notes))
				topo := Topology()
				if topo.Err != nil {
					t.Fatal(topo.Err)
				}
				shared := topo.ranksShareGPU()
				e := must(Collectives())
				t.Logf("rank %d: ranks share a GPU: %v; engine: %v", Rank(), shared, e)
				switch {
				case shared && !ask:
					if e.Engine != "host-staged" || !strings.Contains(e.Why, "NCCL refuses two ranks on one GPU") {
						t.Errorf("engine %v", e)
					}
				case shared && ask:
					if e.Engine != "host-staged" || !strings.Contains(e.Why, "NCCL refused the communicator") ||
						!(strings.Contains(e.Why, "Duplicate GPU") || strings.Contains(e.Why, "same GPU")) {
						t.Errorf("engine %v; want NCCL's refusal of a duplicate GPU", e)
					}
					result("nccl_refusal", strings.ReplaceAll(e.Why, " ", "_"))
				default:
					if e.Engine != "nccl" {
						t.Errorf("ranks on their own GPUs: engine %v, want NCCL", e)
					}
				}
				me, size := Rank(), Ranks()
				for _, c := range []struct {
					op   ReduceOp
					want func(i int) float64
				}{
					{ReduceSum, func(i int) float64 { return float64(i*size + size*(size-1)/2) }},
					{ReduceProd, func(i int) float64 { return float64(i * (i + 1)) }},
					{ReduceMin, func(i int) float64 { return float64(i) }},
					{ReduceMax, func(i int) float64 { return float64(i + size - 1) }},
				} {
					b := must(Dev(0).Alloc(Float32, 1000))
					v := make([]float64, 1000)
					for i := range v {
						v[i] = float64(i + me)
					}
					must(0, writeValues(b, v))
					must(0, AllReduce(b, c.op))
					for i, g := range must(b.Values()) {
						if w := float64(float32(c.want(i))); g != w && math.Abs(g-w) > 1e-6*math.Abs(w) {
							t.Fatalf("%v on %s: element %d is %v, want %v", c.op, e, i, g, w)
						}
					}
				}
				if shared && !strings.Contains(notes.String(), "not NCCL: ") {
					t.Errorf("no notice of the host-staged engine: %q", notes)
				}
			}, opts...)
		})
	}
}
