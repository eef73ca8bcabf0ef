package gpu

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// The rank tests on CUDA: two rank processes on the GPU machine (one GPU: both ranks share
// it, each with its own context; without MPS the contexts time-slice the GPU). Without a
// CUDA device they skip. gpu/internal/cuda/bench/ranks.sh runs them beside a CUDA C
// reference and writes the figures ("RESULT key value" lines) to one file.

// rankCUDASrc: a %%cuda cell's kernels. The waits give up after 10 s (device time), so a
// lost flag fails the test on its data instead of hanging the GPU.
const rankCUDASrc = `
// One block: its threads' stores, fenced, then the flag from thread 0 after the barrier.
__global__ void rcProduce(int round, Peer<int> data, Peer<int> flag) {
  long long i = global_thread_id();
  if (i < data.len()) data[i] = round * 1000 + (int)i;
  sync_system();
  __syncthreads();
  if (threadIdx.x == 0) {
    flag_set(flag, 0, round);                         // sync_system, then a release store
    flag_wait(flag, 1, round, 10000000000ull);        // the consumer's acknowledgement
  }
}

__global__ void rcConsume(int round, Peer<int> data, Peer<int> flag, int* got) {
  __shared__ int ok;
  if (threadIdx.x == 0) ok = flag_wait(flag, 0, round, 10000000000ull);
  __syncthreads();
  long long i = global_thread_id();
  if (ok && i < data.len()) got[i] = data[i];
  __syncthreads();
  if (threadIdx.x == 0) flag_set(flag, 1, round);
}

// rcPing and rcPong: the flag ping-pong of the CUDA C reference (ranks_pingpong.cu).
__global__ void rcPing(Peer<unsigned> f, unsigned rounds) {
  for (unsigned i = 1; i <= rounds; i++) {
    flag_set(f, 0, i);
    if (!flag_wait(f, 1, i, 10000000000ull)) return;
  }
}

__global__ void rcPong(Peer<unsigned> f, unsigned rounds) {
  for (unsigned i = 1; i <= rounds; i++) {
    if (!flag_wait(f, 0, i, 10000000000ull)) return;
    flag_set(f, 1, i);
  }
}
`

// rankedCUDA runs body on n ranks of the CUDA devices, skipping where there are none.
func rankedCUDA(t *testing.T, n int, body func(t *testing.T)) {
	t.Helper()
	if os.Getenv("PEERBOOK_RANKTEST_HUB") == "" {
		useCUDA(t) // skips without a GPU
	}
	ranked(t, n, "cuda", func(t *testing.T) {
		defer catch(t)
		if _, err := DefineCUDA(rankCUDASrc, "cell[1]", 1); err != nil {
			t.Fatalf("DefineCUDA: %v", err)
		}
		body(t)
	})
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// result prints a figure for ranks.sh (on rank 0 only).
func result(key string, v any) {
	if Rank() == 0 {
		fmt.Printf("RESULT %s %v\n", key, v)
	}
}

func TestCUDARanksHandoffThroughSymmetricFlag(t *testing.T) {
	rankedCUDA(t, 2, func(t *testing.T) {
		rounds := envInt("PEERBOOK_RANK_ROUNDS", 1000)
		const n = 1024
		data := must(AllocSymmetric(Int32, n))
		flag := must(AllocSymmetric(Int32, 2))
		got := must(Dev(0).Alloc(Int32, n))
		produce, consume := lookupKernel("rcProduce"), lookupKernel("rcConsume")
		wrong := 0
		for r := 1; r <= rounds; r++ {
			if Rank() == 0 {
				must(0, produce.Launch(Dev(0), 1, n, r, data.Rank(1), flag.Rank(1)))
				continue
			}
			must(0, consume.Launch(Dev(0), 1, n, r, data.Local(), flag.Local(), got))
			for i, v := range must(got.Int32s()) {
				if v != int32(r*1000+i) {
					wrong++
				}
			}
		}
		wrongs := must(Dev(0).AllocFrom([]int64{int64(wrong)}))
		must(0, AllReduce(wrongs, ReduceSum))
		total := must(wrongs.Int64s())[0]
		result("ranks_handoff_rounds", rounds)
		result("ranks_handoff_wrong_values", total)
		if total != 0 {
			t.Errorf("%d wrong values in %d rounds of a cross-process hand-off", total, rounds)
		}
	})
}

func TestCUDARanksAtomicCountersAreExact(t *testing.T) {
	rankedCUDA(t, 2, func(t *testing.T) {
		ks := defineGo(t, handoffSuiteSrc)
		c := must(AllocSymmetric(Uint32, 1))
		const reps = 1000
		must(0, Barrier())
		must(0, ks["hoCount"].Launch(Dev(0), 8, 128, c.Rank(0), reps))
		must(0, Barrier())
		v := must(c.Rank(0).Uint32s())[0]
		result("ranks_counter", v)
		result("ranks_counter_want", Ranks()*8*128*reps)
		if int(v) != Ranks()*8*128*reps {
			t.Errorf("counter %d, want %d", v, Ranks()*8*128*reps)
		}
	})
}

func TestCUDARanksFlagPingPong(t *testing.T) {
	rankedCUDA(t, 2, func(t *testing.T) {
		rounds := envInt("PEERBOOK_RANK_PINGPONG_ROUNDS", 200)
		f := must(AllocSymmetric(Uint32, 2))
		k := lookupKernel("rcPong")
		if Rank() == 0 {
			k = lookupKernel("rcPing")
		}
		for rep := 0; rep < 3; rep++ {
			// The flags live on rank 0: it clears them, and both ranks have read the
			// last round's before either goes on (rank 1 clearing them for the next
			// round while rank 0 still read them made rank 0 see [0 0], once on an H100).
			if Rank() == 0 {
				must(0, f.Rank(0).Fill(0))
			}
			must(0, Barrier())
			start := time.Now()
			must(0, k.Launch(Dev(0), 1, 1, f.Rank(0), rounds))
			took := time.Since(start)
			must(0, Barrier())
			if v := must(f.Rank(0).Uint32s()); v[0] != uint32(rounds) || v[1] != uint32(rounds) {
				t.Fatalf("ping-pong stopped at %v of %d rounds", v, rounds)
			}
			must(0, Barrier())
			result(fmt.Sprintf("ranks_pingpong_us_rep%d", rep), float64(took.Microseconds())/float64(rounds))
		}
	})
}

func TestCUDARanksCopyBetweenRanks(t *testing.T) {
	rankedCUDA(t, 2, func(t *testing.T) {
		n := envInt("PEERBOOK_RANK_COPY_MIB", 256) << 20 / 4
		sym := must(AllocSymmetric(Float32, n))
		local := must(Dev(0).Alloc(Float32, n))
		must(0, sym.Local().Fill(float32(1+Rank())))
		must(0, Barrier())
		if Rank() == 0 {
			best := func(dst *Buffer) time.Duration {
				var b time.Duration
				for i := 0; i < 6; i++ {
					start := time.Now()
					must(0, Copy(dst, sym.Local()))
					if d := time.Since(start); i > 0 && (b == 0 || d < b) {
						b = d
					}
				}
				return b
			}
			gbps := func(d time.Duration) float64 { return float64(n*4) / d.Seconds() / 1e9 }
			cross, same := best(sym.Rank(1)), best(local)
			result("ranks_copy_bytes", n*4)
			result("ranks_copy_cross_GBps", gbps(cross))
			result("ranks_copy_same_process_GBps", gbps(same))
			result("ranks_copy_ratio", gbps(cross)/gbps(same))
			if v := must(sym.Rank(1).At(n - 1)); v != 1 {
				t.Errorf("rank 1's buffer after the copy holds %v at its end, want 1", v)
			}
		}
		must(0, Barrier())
	})
}
