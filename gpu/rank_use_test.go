package gpu

import (
	"fmt"
	"strings"
	"testing"
)

// TestUseInARankSession: gpu.Use in a rank session chooses the rank's device of the new
// machine (device rank mod its devices, the only one the rank sees), as the first choice
// does; buffers made before keep working, collectives and symmetric allocations work on
// the new machine, and ranks that Use different machines are refused by name.
func TestUseInARankSession(t *testing.T) {
	forRanks(t, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		me, size := Rank(), Ranks()
		before := must(Dev(0).AllocFrom([]int32{int32(me), 1}))

		must(0, Use("sim:pcie4"))
		want := fmt.Sprintf("sim-L40S-%d", me%4)
		if NumDevices() != 1 || Dev(0).Name() != want {
			t.Fatalf("after Use(sim:pcie4): %d devices, GPU0 %s; want 1, %s", NumDevices(), Dev(0).Name(), want)
		}
		if !strings.Contains(Runtime(), fmt.Sprintf("rank %d of %d on %s", me, size, want)) {
			t.Errorf("Runtime() = %q", Runtime())
		}
		// A buffer of the machine before still takes part in collectives.
		must(0, AllReduce(before, ReduceSum))
		if v := must(before.Int32s()); v[0] != int32(size*(size-1)/2) || v[1] != int32(size) {
			t.Errorf("all-reduce of a buffer made before Use: %v", v)
		}
		topo := Topology()
		if topo.Err != nil || len(topo.Ranks) != size || len(topo.Devices) != min(size, 4) || topo.Devices[topo.Ranks[me].Device].Name != want {
			t.Errorf("topology: %v", topo)
		}
		// Symmetric memory on the new machine (host memory: pcie4's GPU3 has no P2P access to
		// the others), each rank writing into the next one's.
		s := must(Host().AllocSymmetric(Int32, 4))
		must(0, s.Rank((me+1)%size).Write([]int32{int32(me + 100)}))
		must(0, Barrier())
		if v := must(s.Local().Int32s()); v[0] != int32((me+size-1)%size+100) {
			t.Errorf("rank %d's symmetric buffer holds %v", me, v)
		}

		// "" chooses as on first use: the machine's GPUs where it has some, else the default
		// simulated machine, its device me%2; one device either way.
		must(0, Use(""))
		if name := Dev(0).Name(); NumDevices() != 1 || strings.HasPrefix(name, "sim-") && name != fmt.Sprintf("sim-GPU-%d", me%2) {
			t.Errorf("after Use(\"\"): %d devices, GPU0 %s", NumDevices(), name)
		}

		// Ranks on different machines: refused by name, on every rank.
		if me == 1 {
			must(0, Use("sim:gh200"))
		} else {
			must(0, Use("sim:pcie4"))
		}
		others := "0"
		if size == 4 {
			others = "0, 2 and 3"
		}
		_, err := Host().AllocSymmetric(Int32, 4)
		wantErrContains(t, err, "the ranks use different devices: rank"+map[bool]string{true: "s", false: ""}[size > 2]+" "+others+" uses simulated pcie4; rank 1 uses simulated gh200; every rank must use the same (gpu.Use)")
		wantErrContains(t, Topology().Err, "the ranks use different devices")
		must(0, Use("sim:pcie4"))
		must(Host().AllocSymmetric(Int32, 4))
	})
}
