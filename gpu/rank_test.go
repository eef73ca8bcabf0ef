package gpu

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/ranktest"
	"github.com/peerbook/peerbook/gpu/internal/sim"
	"github.com/peerbook/peerbook/internal/ranks"
)

// fixedWorld is a World of one rank that knows its place and gathers nothing.
type fixedWorld struct{ rank, size int }

func (w fixedWorld) Rank() int        { return w.rank }
func (w fixedWorld) Size() int        { return w.size }
func (w fixedWorld) Host() string     { return "h" }
func (w fixedWorld) LocalDir() string { return "" }
func (w fixedWorld) AllGather(ctx context.Context, tag string, mine []byte) ([][]byte, error) {
	return nil, context.Canceled
}

func TestRankAndRanksFollowTheWorld(t *testing.T) {
	t.Cleanup(func() { setWorld(nil) })
	if Rank() != 0 || Ranks() != 1 {
		t.Fatalf("not ranked: Rank %d Ranks %d, want 0 1", Rank(), Ranks())
	}
	setWorld(fixedWorld{rank: 2, size: 4})
	if Rank() != 2 || Ranks() != 4 {
		t.Fatalf("ranked: Rank %d Ranks %d, want 2 4", Rank(), Ranks())
	}
	setWorld(nil)
	if Rank() != 0 || Ranks() != 1 {
		t.Fatalf("after setWorld(nil): Rank %d Ranks %d, want 0 1", Rank(), Ranks())
	}
}

// ranked runs body on n ranks (processes of the test binary, see package ranktest), each
// with the World set and the simulated devices spec names chosen for it.
func ranked(t *testing.T, n int, spec string, body func(t *testing.T), opts ...ranktest.Option) {
	t.Helper()
	ranktest.Run(t, n, func(t *testing.T, w ranks.World) {
		setWorld(w)
		defer setWorld(nil)
		use(t, spec)
		body(t)
	}, opts...)
}

func TestRanksTakeDeviceRankModTheDevices(t *testing.T) {
	ranked(t, 4, "sim:nvlink2", func(t *testing.T) {
		k := Rank() % 2
		if Ranks() != 4 {
			t.Errorf("Ranks() = %d, want 4", Ranks())
		}
		if n := NumDevices(); n != 1 {
			t.Fatalf("rank %d sees %d devices, want its own only", Rank(), n)
		}
		want := fmt.Sprintf("sim-H200-%d", k)
		if got := Dev(0).Name(); got != want {
			t.Errorf("rank %d: Dev(0) is %s, want %s (device rank mod 2)", Rank(), got, want)
		}
		if !strings.Contains(Runtime(), fmt.Sprintf("rank %d of 4 on %s", Rank(), want)) {
			t.Errorf("Runtime() = %q does not name the rank and its device", Runtime())
		}
		l, err := Dev(0).m.b.(backend.PairLinker).LinkTo(0, fmt.Sprintf("0000:%02x:00.0", 0x18+0x10*(1-k)))
		if err != nil || l.Kind != backend.LinkNV || !l.P2PAccess {
			t.Errorf("link to the other GPU: %+v, %v; want NV18 with P2P access", l, err)
		}
	})
}

// ranktestExits says that rank ends its process with code on purpose (ranktest.Exits).
func ranktestExits(rank, code int) ranktest.Option { return ranktest.Exits(rank, code) }

func TestTopologyOfRanksShowsTheRanksOnTheirGPUs(t *testing.T) {
	t.Run("shared", func(t *testing.T) {
		ranked(t, 4, "sim:nvlink2", func(t *testing.T) {
			topo := Topology()
			if topo.Err != nil {
				t.Fatal(topo.Err)
			}
			if len(topo.Devices) != 2 || len(topo.Ranks) != 4 {
				t.Fatalf("%d GPUs, %d ranks:\n%v", len(topo.Devices), len(topo.Ranks), topo)
			}
			for r, p := range topo.Ranks {
				if p.Rank != r || p.Device != r%2 || topo.Devices[p.Device].Name != fmt.Sprintf("sim-H200-%d", r%2) {
					t.Errorf("rank %d placed %+v", r, p)
				}
			}
			if l := topo.Link(0, 1); l.Label() != "NV18" || !l.P2PAccess {
				t.Errorf("GPU0-GPU1: %+v", l)
			}
			s := topo.String()
			for _, want := range []string{"rank 3: GPU1 (sim-H200-1", "memory between ranks: shared memory (simulated devices)", "time-slice",
				"collectives: host-staged: simulated devices: the simulator's collectives go through host shared memory"} {
				if !strings.Contains(s, want) {
					t.Errorf("topology text lacks %q:\n%s", want, s)
				}
			}
			if v := topo.View(); v.Devices[0].Name != "sim-H200-0 (ranks 0 and 2)" {
				t.Errorf("the picture names GPU0 %q", v.Devices[0].Name)
			}
		})
	})
	t.Run("pcie4", func(t *testing.T) {
		ranked(t, 4, "sim:pcie4", func(t *testing.T) {
			topo := Topology()
			p, err := sim.LookupPreset("pcie4")
			if topo.Err != nil || err != nil {
				t.Fatal(topo.Err, err)
			}
			// The matrix of the ranks' GPUs is the machine's, as one process sees it.
			for i := range p.Links {
				for j := range p.Links[i] {
					if topo.Link(i, j) != linkOf(p.Links[i][j]) {
						t.Errorf("GPU%d-GPU%d: %+v, want %+v", i, j, topo.Link(i, j), p.Links[i][j])
					}
				}
			}
			if !strings.Contains(topo.String(), "No P2P access: GPU0-GPU3") {
				t.Errorf("topology text:\n%s", topo)
			}
		})
	})
}
