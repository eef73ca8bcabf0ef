package gpu

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/internal/ranks"
)

// RankPlace is where a rank of a rank session runs: its host, its GPU (an index into
// Topo.Devices) and how its memory reaches the other ranks' (Sharing).
type RankPlace struct {
	Rank    int
	Host    string
	Device  int
	Sharing string // "VMM, POSIX fd handles; fabric handles: no", "shared memory (simulated)"
}

// rankInfo is what a rank tells the others for the topology.
type rankInfo struct {
	Host    string     `json:"host"`
	Info    DeviceInfo `json:"info"`
	Sharing string     `json:"sharing"`
	Engine  engineDesc `json:"engine"` // whether it can use NCCL
	Kind    string     `json:"kind"`   // machine.kind
	Err     string     `json:"err,omitempty"`
}

// sharingOf describes how GPU d's memory reaches other processes.
func sharingOf(m *machine, d *Device) string {
	if m.simulated() {
		return "shared memory (simulated devices)"
	}
	ec, ok := m.b.(backend.ExportReporter)
	if !ok {
		return "none: the backend can't export memory"
	}
	vmm, fd, fabric, err := ec.ExportCaps(d.info.Index)
	if err != nil {
		return "unknown: " + err.Error()
	}
	yn := map[bool]string{true: "yes", false: "no"}
	return fmt.Sprintf("virtual memory management %s, POSIX fd handles (within a host) %s, fabric handles (across hosts) %s",
		yn[vmm], yn[fd], yn[fabric])
}

// rankTopology is Topology in a rank session: a collective that gathers every rank's GPU
// and the links between them, each rank's row measured from its own GPU.
func rankTopology(m *machine) *Topo {
	w := currentWorld()
	t := &Topo{Backend: m.b.Name(), Simulated: m.simulated()}
	fail := func(err error) *Topo { t.Err = fmt.Errorf("topology of the ranks: %w", err); return t }
	if len(m.devices) == 0 {
		return fail(fmt.Errorf("rank %d has no GPU", w.Rank()))
	}
	d := m.devices[0]
	mine := rankInfo{Host: w.Host(), Info: deviceInfoOf(d.info), Sharing: sharingOf(m, d)}
	mine.Engine, _ = localEngineDesc(w, m)
	mine.Kind = m.kind()
	ctx := context.Background()
	raw, _ := json.Marshal(mine)
	all, err := w.AllGather(ctx, "gpu.Topology", raw)
	if err != nil {
		return fail(err)
	}
	infos := make([]rankInfo, len(all))
	for r, x := range all {
		if err := json.Unmarshal(x, &infos[r]); err != nil {
			return fail(fmt.Errorf("rank %d sent %q: %w", r, x, err))
		}
	}
	kinds := map[string][]int{}
	for r, x := range infos {
		kinds["uses "+x.Kind] = append(kinds["uses "+x.Kind], r)
	}
	if len(kinds) > 1 {
		return fail(fmt.Errorf("the ranks use different devices: %s; every rank must use the same (gpu.Use)", differences(kinds)))
	}
	// The distinct GPUs, in the order of the first rank on each.
	index := map[string]int{}
	key := func(x rankInfo) string { return x.Host + "/" + x.Info.PCIBusID }
	for r, x := range infos {
		k := key(x)
		if _, ok := index[k]; !ok {
			index[k] = len(t.Devices)
			t.Devices = append(t.Devices, x.Info)
		}
		t.Ranks = append(t.Ranks, RankPlace{Rank: r, Host: x.Host, Device: index[k], Sharing: x.Sharing})
	}
	// This rank's row: the link from its GPU to every one.
	row := make([]Link, len(t.Devices))
	var rowErr string
	for k, i := range index {
		x := t.Devices[i]
		host := k[:strings.LastIndex(k, "/")]
		switch {
		case host != mine.Host:
			row[i] = Link{Kind: LinkNET}
		case x.PCIBusID == d.info.PCIBusID:
			row[i] = m.topology().Link(0, 0) // the GPU with itself, as one process sees it
		default:
			l, err := linkTo(m, d, x.PCIBusID)
			if err != nil && rowErr == "" {
				rowErr = err.Error()
			}
			row[i] = linkOf(l)
		}
	}
	raw, _ = json.Marshal(struct {
		Row []Link `json:"row"`
		Err string `json:"err,omitempty"`
	}{row, rowErr})
	rows, err := w.AllGather(ctx, "gpu.Topology (links)", raw)
	if err != nil {
		return fail(err)
	}
	t.Links = make([][]Link, len(t.Devices))
	for r, x := range rows {
		var got struct {
			Row []Link `json:"row"`
			Err string `json:"err,omitempty"`
		}
		if err := json.Unmarshal(x, &got); err != nil || len(got.Row) != len(t.Devices) {
			return fail(fmt.Errorf("rank %d sent links %q (%v)", r, x, err))
		}
		if got.Err != "" {
			return fail(fmt.Errorf("rank %d: %s", r, got.Err))
		}
		if i := t.Ranks[r].Device; t.Links[i] == nil {
			t.Links[i] = got.Row
		}
	}
	t.Collectives = collectivesOf(w, m, infos)
	t.Source = fmt.Sprintf("%d ranks, each GPU's links as its rank's driver sees them", len(infos))
	if m.simulated() {
		t.Source = fmt.Sprintf("%d ranks on simulated devices (%s)", len(infos), m.spec)
	}
	return t
}

// collectivesOf says what carries the ranks' collectives: the engine where the ranks chose
// one, else what they would choose (NCCL makes its communicator at the first collective).
func collectivesOf(w ranks.World, m *machine, infos []rankInfo) string {
	if e := engineOf(w, m); e != nil {
		return e.describe().String()
	}
	descs := make([]engineDesc, len(infos))
	for r, x := range infos {
		descs[r] = x.Engine
	}
	if use, why := chooseEngine(descs, strings.EqualFold(os.Getenv(EnvNCCL), "ask")); !use {
		return "host-staged: " + why
	}
	return "NCCL " + descs[0].NCCL + " (its communicator is made at the first collective)"
}

// ranksString lists the ranks on their GPUs, for String.
func (t *Topo) ranksString() string {
	if len(t.Ranks) == 0 {
		return ""
	}
	var s strings.Builder
	s.WriteString("\nRanks:\n")
	sharing := map[string]bool{}
	for _, p := range t.Ranks {
		fmt.Fprintf(&s, "  rank %d: GPU%d (%s, bus %s) on %s\n", p.Rank, p.Device, t.Devices[p.Device].Name, t.Devices[p.Device].PCIBusID, p.Host)
		sharing[p.Sharing] = true
	}
	for k := range sharing {
		fmt.Fprintf(&s, "  memory between ranks: %s\n", k)
	}
	if t.Collectives != "" {
		fmt.Fprintf(&s, "  collectives: %s\n", t.Collectives)
	}
	if t.ranksShareGPU() {
		s.WriteString("  Ranks that share a GPU have a context each; without MPS the contexts time-slice it, and NCCL refuses them (\"duplicate GPU\").\n")
	}
	return s.String()
}

// ranksShareGPU reports whether two ranks run on one GPU.
func (t *Topo) ranksShareGPU() bool {
	seen := map[int]bool{}
	for _, p := range t.Ranks {
		if seen[p.Device] {
			return true
		}
		seen[p.Device] = true
	}
	return false
}

// ranksOn lists the ranks on GPU i ("ranks 0, 2"), "" outside a rank session.
func (t *Topo) ranksOn(i int) string {
	var rs []int
	for _, p := range t.Ranks {
		if p.Device == i {
			rs = append(rs, p.Rank)
		}
	}
	if len(rs) == 0 {
		return ""
	}
	return ranksList(rs)
}
