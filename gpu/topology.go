package gpu

import (
	"fmt"
	"strings"
)

// Topo is the device graph: every GPU and the link between each pair, as nvidia-smi topo -m
// shows it. gpu.Topology() returns it; as a cell's value it renders as a picture and a matrix.
type Topo struct {
	Backend   string       // "cuda" or "sim"
	Source    string       // where the facts came from: "nvml", "sim preset pcie4"
	Simulated bool         // the devices are simulated
	Devices   []DeviceInfo // the GPUs, in index order
	Links     [][]Link     // Links[i][j]: from GPU i to GPU j
	Err       error        // the topology could not be read (Devices is still filled)
	// Ranks says where each rank of a rank session runs (nil outside one): Devices are
	// then the ranks' GPUs, each once.
	Ranks []RankPlace
	// Collectives says, in a rank session, what carries the collectives: "NCCL 2.28.3", or
	// "host-staged: " and why (see Collectives).
	Collectives string
}

// Topology returns the device graph of the devices in use. It never returns nil: where the
// graph can't be read, Err says why. In a rank session it is a collective (every rank calls
// it): the graph of the ranks' GPUs, with the ranks on them (Topo.Ranks), the links as each
// rank's driver sees them from its GPU, and how memory passes between the ranks. The Topo
// is the caller's own: changing it changes nothing the package checks.
func Topology() *Topo {
	m, err := current()
	if err != nil {
		return &Topo{Err: err}
	}
	if currentWorld() != nil {
		return rankTopology(m)
	}
	return m.topology().clone()
}

// clone returns a copy of t that shares no memory with it.
func (t *Topo) clone() *Topo {
	c := *t
	c.Devices = append([]DeviceInfo(nil), t.Devices...)
	c.Ranks = append([]RankPlace(nil), t.Ranks...)
	if t.Links != nil {
		c.Links = make([][]Link, len(t.Links))
		for i, row := range t.Links {
			c.Links[i] = append([]Link(nil), row...)
		}
	}
	return &c
}

// topology reads the backend's topology once and checks its shape.
func (m *machine) topology() *Topo {
	m.topoOnce.Do(func() {
		t := &Topo{Backend: m.b.Name()}
		for _, d := range m.devices {
			t.Devices = append(t.Devices, deviceInfoOf(d.info))
			t.Simulated = t.Simulated || d.info.Simulated
		}
		bt, err := m.b.Topology()
		switch {
		case err != nil:
			t.Err = fmt.Errorf("topology: %w", err)
		case len(bt.Links) != len(t.Devices):
			t.Err = fmt.Errorf("topology: the backend gave %d rows of links for %d devices", len(bt.Links), len(t.Devices))
		default:
			for i, row := range bt.Links {
				if len(row) != len(t.Devices) {
					t.Err = fmt.Errorf("topology: the backend gave %d links for device %d, want %d", len(row), i, len(t.Devices))
				}
			}
		}
		if t.Err == nil {
			t.Links, t.Source = linksOf(bt.Links), bt.Source
		}
		m.topo = t
	})
	return m.topo
}

// Link returns the link from GPU i to GPU j (a zero Link where unknown).
func (t *Topo) Link(i, j int) Link {
	if t.Err != nil || i < 0 || j < 0 || i >= len(t.Links) || j >= len(t.Links[i]) {
		return Link{}
	}
	return t.Links[i][j]
}

// legend explains the link labels, as nvidia-smi does.
var legend = []struct {
	kind        LinkKind
	label, text string
}{
	{LinkSelf, "X", "Self"},
	{LinkSYS, "SYS", "Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)"},
	{LinkNODE, "NODE", "Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node"},
	{LinkPHB, "PHB", "Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)"},
	{LinkPXB, "PXB", "Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)"},
	{LinkPIX, "PIX", "Connection traversing at most a single PCIe bridge"},
	{LinkNV, "NV#", "Connection traversing a bonded set of # NVLinks"},
	{LinkNET, "NET", "Another host: the ranks' memory can't be mapped without a fabric (multi-node NVLink)"},
}

// title is the first line of the rendering.
func (t *Topo) title() string {
	s := fmt.Sprintf("%d GPU", len(t.Devices))
	if len(t.Devices) != 1 {
		s += "s"
	}
	if t.Simulated {
		s += " (simulated)"
	}
	if t.Source != "" {
		s += ", from " + t.Source
	}
	return s
}

// matrix returns the rows of the nvidia-smi style matrix, header first.
func (t *Topo) matrix() [][]string {
	n := len(t.Devices)
	header := []string{""}
	for i := 0; i < n; i++ {
		header = append(header, fmt.Sprintf("GPU%d", i))
	}
	header = append(header, "CPU Affinity", "NUMA Affinity")
	rows := [][]string{header}
	for i, d := range t.Devices {
		row := []string{fmt.Sprintf("GPU%d", i)}
		for j := 0; j < n; j++ {
			row = append(row, t.Links[i][j].Label())
		}
		cpu, numa := d.CPUAffinity, "N/A"
		if cpu == "" {
			cpu = "N/A"
		}
		if d.NUMANode >= 0 {
			numa = fmt.Sprint(d.NUMANode)
		}
		rows = append(rows, append(row, cpu, numa))
	}
	return rows
}

// noP2P lists the pairs of GPUs without P2P access ("GPU0-GPU3").
func (t *Topo) noP2P() []string {
	var pairs []string
	for i := range t.Links {
		for j := i + 1; j < len(t.Links); j++ {
			if !t.Links[i][j].P2PAccess || !t.Links[j][i].P2PAccess {
				pairs = append(pairs, fmt.Sprintf("GPU%d-GPU%d", i, j))
			}
		}
	}
	return pairs
}

// kindsUsed returns the legend entries whose kind appears in the matrix.
func (t *Topo) kindsUsed() map[LinkKind]bool {
	used := map[LinkKind]bool{}
	for _, row := range t.Links {
		for _, l := range row {
			used[l.Kind] = true
		}
	}
	return used
}

// String renders the topology as nvidia-smi topo -m does, with the legend of the link kinds
// it uses and the pairs without P2P access.
func (t *Topo) String() string {
	var s strings.Builder
	if t.Err != nil {
		fmt.Fprintf(&s, "%s\n%v\n", t.title(), t.Err)
		return s.String()
	}
	s.WriteString(t.title() + "\n")
	rows := t.matrix()
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for c, cell := range r {
			widths[c] = max(widths[c], len(cell))
		}
	}
	for _, r := range rows {
		line := ""
		for c, cell := range r {
			line += fmt.Sprintf("%-*s", widths[c]+2, cell)
		}
		s.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	s.WriteString("\nLegend:\n\n")
	used := t.kindsUsed()
	for _, l := range legend {
		if used[l.kind] {
			fmt.Fprintf(&s, "  %-4s = %s\n", l.label, l.text)
		}
	}
	if pairs := t.noP2P(); len(pairs) > 0 {
		fmt.Fprintf(&s, "\nNo P2P access: %s\n", strings.Join(pairs, ", "))
	} else if len(t.Devices) > 1 {
		s.WriteString("\nP2P access between every pair.\n")
	}
	if pairs := t.noP2PAtomics(); len(pairs) > 0 {
		fmt.Fprintf(&s, "No native P2P atomics (kernels' atomics on the other's buffers are refused): %s\n", strings.Join(pairs, ", "))
	}
	s.WriteString(t.hostCapsString())
	s.WriteString(t.ranksString())
	return s.String()
}

// noP2PAtomics lists the pairs of GPUs with P2P access but without native atomics.
func (t *Topo) noP2PAtomics() []string {
	var pairs []string
	for i := range t.Links {
		for j := i + 1; j < len(t.Links); j++ {
			a, b := t.Links[i][j], t.Links[j][i]
			if a.P2PAccess && b.P2PAccess && (!a.NativeAtomics || !b.NativeAtomics) {
				pairs = append(pairs, fmt.Sprintf("GPU%d-GPU%d", i, j))
			}
		}
	}
	return pairs
}

// hostCapsString describes the GPUs' links to the host and what they allow, one line per
// set of GPUs with the same capabilities.
func (t *Topo) hostCapsString() string {
	yn := func(known, v bool) string {
		switch {
		case !known:
			return "?"
		case v:
			return "OK"
		}
		return "NS"
	}
	var order []string
	groups := map[string][]string{}
	anyNo := false
	for i, d := range t.Devices {
		c := d.Caps
		link := string(c.HostLink)
		if !c.Known || link == "" {
			link = "an unknown link"
		}
		anyNo = anyNo || !c.HostNativeAtomics
		key := fmt.Sprintf("on %s: host-native atomics %s, pageable memory %s, host page tables %s, concurrent managed %s",
			link, yn(c.Known, c.HostNativeAtomics), yn(c.Known, c.PageableMemoryAccess),
			yn(c.Known, c.PageableUsesHostPageTables), yn(c.Known, c.ConcurrentManagedAccess))
		if groups[key] == nil {
			order = append(order, key)
		}
		groups[key] = append(groups[key], fmt.Sprintf("GPU%d", i))
	}
	var s strings.Builder
	if len(order) > 0 {
		s.WriteString("\nHost (OK, NS: not supported, ?: unknown):\n")
	}
	for _, key := range order {
		fmt.Fprintf(&s, "  %s %s\n", strings.Join(groups[key], " "), key)
	}
	if anyNo && len(order) > 0 {
		s.WriteString("  Without host-native atomics, host AtomicAdd/AtomicCAS on a shared host buffer are refused (buf.AtomicAddVia makes the update on a GPU); plain loads and stores are safe.\n")
	}
	return s.String()
}
