package gpu

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// The rank tests: 2 and 4 rank processes of this test binary on simulated devices (see
// ranked in rank_test.go and package ranktest), with symmetric buffers and collectives.

// forRanks runs body as a subtest on 2 and on 4 ranks of the simulated machine spec.
func forRanks(t *testing.T, spec string, body func(t *testing.T)) {
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprintf("ranks=%d", n), func(t *testing.T) { ranked(t, n, spec, body) })
	}
}

const rankKernelsSrc = `
// rkPut writes v to element i of p: a store to another rank's buffer.
func rkPut(t gpu.Thread, p gpu.Peer[int32], i int, v int32) {
	if t.GlobalX() == 0 {
		p[i] = v
	}
}

// rkRingStep is one step of a ring all-reduce by hand: take the left neighbour's message,
// pass it on in this rank's next message, add it to the result.
func rkRingStep(t gpu.Thread, left gpu.Peer[float32], next gpu.Peer[float32], result []float32) {
	if i := t.GlobalX(); i < len(result) {
		v := left[i]
		next[i] = v
		result[i] += v
	}
}

// rkProduceAcked hands data off through flag[0] and waits for the consumer's acknowledgement
// in flag[1] before it ends; FENCE is gpu.SyncSystem() or nothing.
func rkProduceAcked(t gpu.Thread, round int32, data gpu.Peer[int32], flag gpu.Peer[int32]) {
	for i := range len(data) {
		data[i] = round*1000 + int32(i)
	}
	FENCE
	gpu.AtomicStore(&flag[0], round)
	for spins := 0; gpu.AtomicLoad(&flag[1]) != round; spins++ {
		if spins > 1<<26 {
			return
		}
	}
}

func rkConsumeAcked(t gpu.Thread, round int32, data gpu.Peer[int32], flag gpu.Peer[int32], got []int32) {
	for spins := 0; gpu.AtomicLoad(&flag[0]) != round; spins++ {
		if spins > 1<<26 {
			return
		}
	}
	FENCE
	for i := range len(data) {
		got[i] = data[i]
	}
	gpu.AtomicStore(&flag[1], round)
}`

func rankKernels(t *testing.T, fence bool) map[string]*Kernel {
	return defineGo(t, strings.ReplaceAll(rankKernelsSrc, "FENCE", map[bool]string{true: "gpu.SyncSystem()", false: ""}[fence]))
}

func TestSymmetricBuffersReachEveryRank(t *testing.T) {
	forRanks(t, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		me, n := Rank(), Ranks()
		for _, where := range []*Device{Dev(0), Host()} {
			sym := must(where.AllocSymmetric(Int32, 4))
			if sym.Len() != 4 || len(sym.Buffers()) != n || sym.Local() != sym.Rank(me) {
				t.Fatalf("%v: %d elements, %d buffers", sym, sym.Len(), len(sym.Buffers()))
			}
			must(0, sym.Local().Fill(100+me))
			must(0, Barrier())
			for r := 0; r < n; r++ {
				if v := must(sym.Rank(r).Int32s()); v[3] != int32(100+r) {
					t.Errorf("%v: rank %d's buffer read here holds %v", where, r, v)
				}
			}
			// A kernel of this rank stores into the next rank's buffer.
			must(0, Barrier())
			must(0, rankKernels(t, true)["rkPut"].Launch(Dev(0), 1, 1, sym.Rank((me+1)%n), 0, me))
			must(0, Barrier())
			if v := must(sym.Local().Int32s()); v[0] != int32((me+n-1)%n) || v[1] != int32(100+me) {
				t.Errorf("%v: after the left neighbour's store this rank's buffer holds %v", where, v)
			}
			if s := sym.Rank((me + 1) % n).String(); !strings.Contains(s, fmt.Sprintf("rank %d's", (me+1)%n)) || !strings.Contains(s, "mapped for") {
				t.Errorf("another rank's buffer shows as %q", s)
			}
			must(0, sym.Free())
		}
	})
}

// handoffPairs runs rounds of the acked hand-off from each even rank to the odd one after
// it, through the consumer's symmetric buffers, and returns how many rounds a consumer saw
// wrong data (on consumers; 0 on producers).
func handoffPairs(t *testing.T, fence bool, rounds int) int {
	ks := rankKernels(t, fence)
	me := Rank()
	data := must(AllocSymmetric(Int32, 8))
	flag := must(AllocSymmetric(Int32, 2))
	got := must(Dev(0).Alloc(Int32, 8))
	bad := 0
	for r := int32(1); r <= int32(rounds); r++ {
		if me%2 == 0 {
			must(0, ks["rkProduceAcked"].Launch(Dev(0), 1, 1, r, data.Rank(me+1), flag.Rank(me+1)))
			continue
		}
		must(0, ks["rkConsumeAcked"].Launch(Dev(0), 1, 1, r, data.Local(), flag.Local(), got))
		for i, v := range must(got.Int32s()) {
			if v != r*1000+int32(i) {
				bad++
				break
			}
		}
	}
	must(0, Barrier())
	return bad
}

func TestSymmetricHandoffAcrossRanksIsExact(t *testing.T) {
	forRanks(t, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		if bad := handoffPairs(t, true, 50); bad != 0 {
			t.Errorf("rank %d: %d of 50 fenced hand-offs across processes delivered stale data", Rank(), bad)
		}
	})
}

func TestSymmetricHandoffWithoutFenceBreaksAcrossRanks(t *testing.T) {
	// As in one process (gokernel's TestPeerHandoffWithoutFencesBreaks): the producer's data
	// stays in its store buffer until its thread ends, which waits for the consumer.
	forRanks(t, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		bad := handoffPairs(t, false, 10)
		if Rank()%2 == 1 && bad != 10 {
			t.Errorf("rank %d: %d of 10 unfenced hand-offs across processes went wrong; the simulator should break them all", Rank(), bad)
		}
	})
}

func TestSymmetricCountersAcrossRanksAreExact(t *testing.T) {
	forRanks(t, "sim:4", func(t *testing.T) {
		defer catch(t)
		ks := defineGo(t, handoffSuiteSrc)
		c := must(AllocSymmetric(Uint32, 1))
		const reps = 50
		must(0, Barrier())
		must(0, ks["hoCount"].Launch(Dev(0), 4, 64, c.Rank(0), reps))
		must(0, Barrier())
		if v := must(c.Rank(0).Uint32s()); int(v[0]) != Ranks()*4*64*reps {
			t.Errorf("rank %d: counter %d, want %d", Rank(), v[0], Ranks()*4*64*reps)
		}
	})
}

func TestAllReduceByHandEqualsTheCollective(t *testing.T) {
	forRanks(t, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		const n = 300
		me, size := Rank(), Ranks()
		x := make([]float32, n)
		for i := range x {
			x[i] = float32((me+1)*(i%17) - i%5)
		}
		// By hand: a ring of Peer buffers, double-buffered messages, a barrier per step.
		msgs := [2]*Symmetric{must(AllocSymmetric(Float32, n)), must(AllocSymmetric(Float32, n))}
		must(0, msgs[0].Local().Write(x))
		result := must(Dev(0).AllocFrom(x))
		step := rankKernels(t, true)["rkRingStep"]
		must(0, Barrier())
		for s := 0; s < size-1; s++ {
			in, out := msgs[s%2], msgs[(s+1)%2]
			must(0, step.Launch(Dev(0), (n+127)/128, 128, in.Rank((me+size-1)%size), out.Local(), result))
			must(0, Barrier())
		}
		byHand := must(result.Float32s())

		coll := must(Dev(0).AllocFrom(x))
		must(0, AllReduce(coll, ReduceSum))
		got := must(coll.Float32s())
		for i := range got {
			want := float32(0)
			for r := 0; r < size; r++ {
				want += float32((r+1)*(i%17) - i%5)
			}
			if got[i] != want || byHand[i] != want {
				t.Fatalf("element %d: collective %v, by hand %v, want %v", i, got[i], byHand[i], want)
			}
		}
	})
}

func TestCollectivesReduceAndBroadcast(t *testing.T) {
	forRanks(t, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		me, size := Rank(), Ranks()
		for _, c := range []struct {
			op   ReduceOp
			want func(i int) int64
		}{
			{ReduceSum, func(i int) int64 { return int64(i*size + size*(size-1)/2) }},
			{ReduceMin, func(i int) int64 { return int64(i) }},
			{ReduceMax, func(i int) int64 { return int64(i + size - 1) }},
			{ReduceProd, func(i int) int64 {
				p := int64(1)
				for r := 0; r < size; r++ {
					p *= int64(i + r)
				}
				return p
			}},
		} {
			v := make([]int64, 5)
			for i := range v {
				v[i] = int64(i + me)
			}
			b := must(Dev(0).AllocFrom(v))
			must(0, AllReduce(b, c.op))
			for i, g := range must(b.Int64s()) {
				if g != c.want(i) {
					t.Errorf("%v: element %d is %d, want %d", c.op, i, g, c.want(i))
				}
			}
		}
		h := must(Dev(0).AllocFrom([]float32{float32(me), 7}))
		must(0, Broadcast(h, size-1))
		if v := must(h.Float32s()); v[0] != float32(size-1) || v[1] != 7 {
			t.Errorf("broadcast from rank %d: %v", size-1, v)
		}
	})
}

func TestCollectiveWithDifferentArgumentsFailsOnEveryRank(t *testing.T) {
	ranked(t, 3, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		n := 16
		if Rank() == 1 {
			n = 8
		}
		err := AllReduce(must(Dev(0).Alloc(Int32, n)), ReduceSum)
		wantErrContains(t, err, "AllReduce: the ranks' calls differ", "ranks 0 and 2 called it with int32[16], sum", "rank 1 called it with int32[8], sum")
		_, err = AllocSymmetric(Float32, n)
		wantErrContains(t, err, "alloc symmetric: the ranks asked for different buffers", "ranks 0 and 2 float32[16] on its GPU", "rank 1 float32[8] on its GPU")
		err = Broadcast(must(Dev(0).Alloc(Int32, 4)), 5)
		wantErrContains(t, err, "Broadcast: rank 0: root 5 is not a rank (ranks are 0..2)")
		// A rank that calls another collective: the World names both.
		if Rank() == 2 {
			err = Broadcast(must(Dev(0).Alloc(Int32, 4)), 0)
		} else {
			err = AllReduce(must(Dev(0).Alloc(Int32, 4)), ReduceMax)
		}
		wantErrContains(t, err, `rank 0 sent tag "gpu.AllReduce", rank 2 sent tag "gpu.Broadcast"`)
		// and the ranks go on
		must(0, Barrier())
	})
}

func TestCollectiveFailsWhenARankDies(t *testing.T) {
	ranked(t, 3, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		b := must(Dev(0).Alloc(Int32, 4))
		if Rank() == 1 {
			os.Exit(5)
		}
		err := AllReduce(b, ReduceSum)
		wantErrContains(t, err, "rank 1 died")
		_, err = AllocSymmetric(Int32, 4)
		wantErrContains(t, err, "rank 1 died")
	}, ranktestExits(1, 5))
}

func TestSymmetricRefusesWhatTheLinksCantDo(t *testing.T) {
	// sim:pcie4: GPU3 is on the other socket, without P2P access; GPU2's PHB link to GPU0 has
	// no native P2P atomics (GPU1's PIX link has them).
	t.Run("no-p2p", func(t *testing.T) {
		ranked(t, 4, "sim:pcie4", func(t *testing.T) {
			defer catch(t)
			_, err := AllocSymmetric(Int32, 4)
			wantErrContains(t, err, "alloc symmetric int32[4] on its GPU: rank ", "no peer access between them (link SYS)", "gpu.Host().AllocSymmetric")
			c := must(Host().AllocSymmetric(Uint32, 1))
			ks := defineGo(t, handoffSuiteSrc)
			err = ks["hoCount"].Launch(Dev(0), 1, 1, c.Rank(0), 1)
			if !errors.Is(err, ErrCapability) {
				t.Fatalf("kernel atomics on a host symmetric buffer without host-native atomics: %v", err)
			}
			wantErrContains(t, err, "host-native atomics on every rank's GPU")
		})
	})
	t.Run("no-native-atomics", func(t *testing.T) {
		ranked(t, 3, "sim:pcie4", func(t *testing.T) {
			defer catch(t)
			c := must(AllocSymmetric(Uint32, 1))
			ks := defineGo(t, handoffSuiteSrc)
			err := ks["hoCount"].Launch(Dev(0), 1, 1, c.Rank(0), 1)
			if Rank() < 2 {
				must(0, err) // its own GPU's memory, or over GPU1's PIX link (native atomics)
			} else if !errors.Is(err, ErrCapability) {
				t.Errorf("rank %d: atomics on rank 0's GPU over a link without native atomics: %v", Rank(), err)
			} else {
				wantErrContains(t, err, "native P2P atomics with rank 0's GPU sim-L40S-0")
			}
			must(0, Barrier())
		})
	})
}
