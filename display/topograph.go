package display

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// The device graph: devices in a row; NVLinks above them, as arcs (one a linked pair, higher
// for farther pairs, so labels never meet) or as one bar when every pair is linked alike
// (NVSwitch systems: 28 equal links for 8 devices); the PCIe tree below them: PCIe
// switches, then one box per CPU (NUMA node), joined by the inter-socket link.

const (
	gBoxW    = 120.0 // device box
	gBoxH    = 70.0
	gGap     = 16.0
	gMarginX = 24.0
	gTitleH  = 34.0
	gCPUH    = 40.0
)

// shortName drops the vendor from a device name when the rest says enough.
func shortName(name string) string {
	if s := strings.TrimPrefix(name, "NVIDIA "); s != "" {
		return s
	}
	return name
}

// nvFabric reports whether every pair of devices is linked by the same NVLink (n >= 3),
// and that link.
func (t topo) nvFabric() (TopologyLink, bool) {
	n := len(t.devs)
	if n < 3 {
		return TopologyLink{}, false
	}
	first := t.links[0][1]
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			l := t.links[i][j]
			if l.kind() != "NV" || l.nvCount() != first.nvCount() || l.BandwidthGBps != first.BandwidthGBps ||
				l.P2PAccess != first.P2PAccess {
				return TopologyLink{}, false
			}
		}
	}
	return first, true
}

// unionFind groups devices.
type unionFind []int

func newUnionFind(n int) unionFind {
	u := make(unionFind, n)
	for i := range u {
		u[i] = i
	}
	return u
}

func (u unionFind) find(i int) int {
	for u[i] != i {
		u[i] = u[u[i]]
		i = u[i]
	}
	return i
}

func (u unionFind) union(i, j int) { u[u.find(i)] = u.find(j) }

// groups returns the groups of u, each sorted, ordered by their first member.
func (u unionFind) groups() [][]int {
	byRoot := map[int][]int{}
	var roots []int
	for i := range u {
		r := u.find(i)
		if _, ok := byRoot[r]; !ok {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], i)
	}
	out := make([][]int, len(roots))
	for k, r := range roots {
		out[k] = byRoot[r]
	}
	return out
}

// pcieTree infers the PCIe tree from the matrix: devices behind one PCIe switch (PIX),
// groups of them behind further switches (PXB), and the devices of each CPU (PHB, NODE, or
// the same NUMA node). Devices whose placement is unknown and that are joined by NVLink are
// put with one CPU.
type pcieTree struct {
	pix    [][]int // groups of 2 or more devices behind one switch
	pixOf  []int   // index into pix, or -1
	pxb    [][]int // groups behind several switches that join 2 or more of the above units
	pxbOf  []int   // index into pxb, or -1
	nodes  [][]int // devices per CPU
	nodeOf []int
}

func (t topo) pcieTree() pcieTree {
	n := len(t.devs)
	pix, pxb, node := newUnionFind(n), newUnionFind(n), newUnionFind(n)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			switch t.links[i][j].kind() {
			case "PIX":
				pix.union(i, j)
				pxb.union(i, j)
				node.union(i, j)
			case "PXB":
				pxb.union(i, j)
				node.union(i, j)
			case "PHB", "NODE":
				node.union(i, j)
			case "NV", "?":
				if t.devs[i].NUMANode < 0 && t.devs[j].NUMANode < 0 {
					node.union(i, j)
				}
			}
			if a, b := t.devs[i].NUMANode, t.devs[j].NUMANode; a >= 0 && a == b {
				node.union(i, j)
			}
		}
	}
	tr := pcieTree{pixOf: filled(n, -1), pxbOf: filled(n, -1), nodeOf: make([]int, n)}
	for _, g := range pix.groups() {
		if len(g) < 2 {
			continue
		}
		for _, d := range g {
			tr.pixOf[d] = len(tr.pix)
		}
		tr.pix = append(tr.pix, g)
	}
	for _, g := range pxb.groups() {
		// A PXB node joins units: PIX groups and lone devices. One unit needs no node.
		units := map[int]bool{}
		for _, d := range g {
			units[tr.unit(d)] = true
		}
		if len(units) < 2 {
			continue
		}
		for _, d := range g {
			tr.pxbOf[d] = len(tr.pxb)
		}
		tr.pxb = append(tr.pxb, g)
	}
	tr.nodes = node.groups()
	for k, g := range tr.nodes {
		for _, d := range g {
			tr.nodeOf[d] = k
		}
	}
	return tr
}

// unit names the child of a PXB node that device d belongs to: its PIX group, or itself.
func (tr pcieTree) unit(d int) int {
	if tr.pixOf[d] >= 0 {
		return -1 - tr.pixOf[d]
	}
	return d
}

func filled(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// graphSVG draws the device graph.
func (t topo) graphSVG() *svgDoc {
	n := len(t.devs)
	rowW := float64(n)*gBoxW + float64(n-1)*gGap
	// The picture is as wide as the devices, the title line (title and source) and the
	// legend need, measured in the font it is drawn in.
	title := fmt.Sprintf("%d devices", n)
	if n == 1 {
		title = "1 device"
	}
	if name := t.commonName(); name != "" {
		title = fmt.Sprintf("%d × %s", n, name)
	}
	title = "Topology · " + title
	source := ""
	if t.src != "" {
		source = "source: " + t.src
	}
	titleW := textWidth(title, 14, true)
	if source != "" {
		titleW += 24 + textWidth(source, 11, false)
	}
	W := math.Max(math.Max(rowW, math.Max(titleW, t.legendWidth(true)))+2*gMarginX, 400)
	x0 := (W - rowW) / 2
	left := func(i int) float64 { return x0 + float64(i)*(gBoxW+gGap) }
	cx := func(i int) float64 { return left(i) + gBoxW/2 }

	// NVLinks: a fabric bar, or arcs.
	fabric, isFabric := t.nvFabric()
	var arcs []nvArc
	maxSpan := 0
	if !isFabric {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if l := t.links[i][j]; l.kind() == "NV" {
					arcs = append(arcs, nvArc{i, j, l})
					maxSpan = max(maxSpan, j-i)
				}
			}
		}
	}
	arcHeight := func(span int) float64 { return 14 + 20*float64(span) }
	nvH := 12.0
	switch {
	case isFabric:
		nvH = 64
	case len(arcs) > 0:
		nvH = arcHeight(maxSpan) + 22
	}
	boxTop := gTitleH + nvH
	boxBottom := boxTop + gBoxH

	tree := t.pcieTree()
	pixY, pxbY := boxBottom+26, boxBottom+26
	if len(tree.pix) > 0 {
		pxbY += 42
	}
	cpuTop := boxBottom + 36
	switch {
	case len(tree.pxb) > 0:
		cpuTop = pxbY + 42
	case len(tree.pix) > 0:
		cpuTop = pixY + 42
	}
	legendY := cpuTop + gCPUH + 30
	H := legendY + 18
	if len(t.legendItems(false)) == 0 {
		H = cpuTop + gCPUH + 16
	}

	d := new(svgDoc)
	d.begin(W, H)

	// Title.
	d.text(gMarginX, 22, "start", 14, "#212121", title, bold)
	if source != "" {
		d.text(W-gMarginX, 22, "end", 11, "#9e9e9e", source, plain)
	}

	// NVLinks.
	nvColour := linkStyles["NV"].colour
	if isFabric {
		barY, barH := gTitleH+8, 24.0
		w := nvWidth(fabric.nvCount())
		for i := 0; i < n; i++ {
			d.line(cx(i), barY+barH, cx(i), boxTop, nvColour, w, shape{})
		}
		d.rect(left(0), barY, rowW, barH, "#f1f8e9", shape{rx: 12, stroke: nvColour, strokeWidth: 2})
		label := fmt.Sprintf("NVLink · %s between every pair", fabric.text())
		if fabric.BandwidthGBps > 0 {
			label += fmt.Sprintf(" · %s GB/s", formatGBps(fabric.BandwidthGBps))
		}
		if !fabric.P2PAccess {
			label += " · no P2P access"
		}
		d.text(left(0)+rowW/2, barY+16.5, "middle", 12, "#33691e", fitText(label, rowW-20, 12, true), bold)
	}
	if len(arcs) > 0 {
		t.drawNVArcs(d, arcs, left, boxTop, arcHeight)
	}

	// The PCIe tree and the CPUs: lines first, then the switch nodes over their ends.
	t.drawPCIe(d, tree, pcieRows{left: left, x0: x0, rowW: rowW, boxBottom: boxBottom, pixY: pixY, pxbY: pxbY, cpuTop: cpuTop})

	// Device boxes last, over line ends.
	for i, dev := range t.devs {
		t.drawDevice(d, dev, left(i), boxTop)
	}
	t.drawLegend(d, legendY, W, len(arcs) > 0)
	d.end()
	return d
}

// nvArc is an NVLink between devices i < j, drawn as an arc above the device boxes.
type nvArc struct {
	i, j int
	l    TopologyLink
}

// drawNVArcs draws the NVLinks as arcs above the device boxes (whose top is at boxTop),
// with their labels.
func (t topo) drawNVArcs(d *svgDoc, arcs []nvArc, left func(int) float64, boxTop float64, arcHeight func(span int) float64) {
	n := len(t.devs)
	nvColour := linkStyles["NV"].colour
	// Each device spreads its arc ends over its top edge, ordered by the other end, so
	// arcs leave without crossing.
	ends := make([][]int, n)
	for _, a := range arcs {
		ends[a.i] = append(ends[a.i], a.j)
		ends[a.j] = append(ends[a.j], a.i)
	}
	slot := func(i, other int) float64 {
		e := ends[i]
		sort.Ints(e)
		k := sort.SearchInts(e, other)
		return left(i) + 14 + (gBoxW-28)*(float64(k)+0.5)/float64(len(e))
	}
	type label struct {
		x, y float64
		s    string
	}
	var labels []label
	// Draw far arcs first, so near ones lie on top.
	sort.SliceStable(arcs, func(a, b int) bool { return arcs[a].j-arcs[a].i > arcs[b].j-arcs[b].i })
	for _, a := range arcs {
		xa, xb := slot(a.i, a.j), slot(a.j, a.i)
		h := arcHeight(a.j - a.i)
		arcShape := shape{stroke: nvColour, strokeWidth: nvWidth(a.l.nvCount()), svgOnly: ` stroke-linecap="round"`,
			title: fmt.Sprintf("%s ↔ %s: %s", t.devs[a.i].Label, t.devs[a.j].Label, linkSummary(a.l))}
		if !a.l.P2PAccess {
			arcShape.dash = []float64{6, 4}
		}
		var arc pathData
		arc.moveTo(xa, boxTop)
		arc.curveTo(xa, boxTop-h/0.75, xb, boxTop-h/0.75, xb, boxTop)
		d.path(&arc, "none", arcShape)
		s := a.l.text()
		if a.l.BandwidthGBps > 0 && len(arcs) <= 6 {
			s += " · " + formatGBps(a.l.BandwidthGBps) + " GB/s"
		}
		labels = append(labels, label{(xa + xb) / 2, boxTop - h + 4, s})
	}
	for _, l := range labels {
		w := textWidth(l.s, 11, true) + 8
		d.rect(l.x-w/2, l.y-11, w, 15, "#ffffff", shape{rx: 4, fillOpacity: 0.9})
		d.text(l.x, l.y, "middle", 11, "#33691e", l.s, bold)
	}
}

// pcieRows is where the rows of the device graph lie: the device boxes (left(i), from x0,
// rowW wide, bottom at boxBottom), the PCIe switch rows and the CPUs.
type pcieRows struct {
	left                                    func(int) float64
	x0, rowW, boxBottom, pixY, pxbY, cpuTop float64
}

// drawPCIe draws the PCIe tree under the device boxes and the CPUs: lines first, then the
// switch nodes over their ends.
func (t topo) drawPCIe(d *svgDoc, tree pcieTree, r pcieRows) {
	n := len(t.devs)
	left, x0, rowW, boxBottom, pixY, pxbY, cpuTop := r.left, r.x0, r.rowW, r.boxBottom, r.pixY, r.pxbY, r.cpuTop
	cx := func(i int) float64 { return left(i) + gBoxW/2 }
	cpuBoxes := t.cpuBoxes(tree, left, x0, rowW)
	pixX := make([]float64, len(tree.pix))
	for g, members := range tree.pix {
		for _, i := range members {
			pixX[g] += cx(i) / float64(len(members))
		}
	}
	pxbX := make([]float64, len(tree.pxb))
	for g, members := range tree.pxb {
		seen := map[int]bool{}
		var sum float64
		for _, i := range members {
			if u := tree.unit(i); !seen[u] {
				seen[u] = true
				if u < 0 {
					sum += pixX[-1-u]
				} else {
					sum += cx(i)
				}
			}
		}
		pxbX[g] = sum / float64(len(seen))
	}
	pixColour, pxbColour := linkStyles["PIX"].colour, linkStyles["PXB"].colour
	toCPU := func(x, y float64, node int) {
		colour := linkStyles[t.nodeKind(tree.nodes[node])].colour
		if t.nodeKind(tree.nodes[node]) == "?" {
			colour = "#90a4ae"
		}
		cb := cpuBoxes[node]
		d.line(x, y, clamp(x, cb.x+10, cb.x+cb.w-10), cpuTop, colour, 2, shape{})
	}
	for i := 0; i < n; i++ {
		switch {
		case tree.pixOf[i] >= 0:
			d.line(cx(i), boxBottom, pixX[tree.pixOf[i]], pixY, pixColour, 2, shape{})
		case tree.pxbOf[i] >= 0:
			d.line(cx(i), boxBottom, pxbX[tree.pxbOf[i]], pxbY, pxbColour, 2, shape{})
		default:
			toCPU(cx(i), boxBottom, tree.nodeOf[i])
		}
	}
	for g, members := range tree.pix {
		if p := tree.pxbOf[members[0]]; p >= 0 {
			d.line(pixX[g], pixY, pxbX[p], pxbY, pxbColour, 2, shape{})
		} else {
			toCPU(pixX[g], pixY, tree.nodeOf[members[0]])
		}
	}
	for g, members := range tree.pxb {
		toCPU(pxbX[g], pxbY, tree.nodeOf[members[0]])
	}
	for g := range tree.pix {
		switchNode(d, pixX[g], pixY, "PCIe switch", pixColour)
	}
	for g := range tree.pxb {
		switchNode(d, pxbX[g], pxbY, "PCIe switches", pxbColour)
	}
	for k := range tree.nodes {
		if k == 0 {
			continue
		}
		a, b := cpuBoxes[k-1], cpuBoxes[k]
		y := cpuTop + gCPUH/2
		d.line(a.x+a.w, y, b.x, y, linkStyles["SYS"].colour, 2.5, shape{dash: []float64{5, 3}})
		d.text((a.x+a.w+b.x)/2, y-5, "middle", 10, linkStyles["SYS"].colour, "SYS", bold)
	}
	for k, g := range tree.nodes {
		t.drawCPU(d, g, cpuBoxes[k], cpuTop)
	}
}

// nvWidth is the stroke width of a link of count NVLinks.
func nvWidth(count int) float64 {
	return math.Min(1.6+1.1*math.Log2(1+float64(max(count, 1))), 7)
}

// formatGBps formats a bandwidth without needless decimals.
func formatGBps(v float64) string {
	if v >= 100 {
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// linkSummary describes a link in words, for tooltips.
func linkSummary(l TopologyLink) string {
	parts := []string{l.text()}
	if l.BandwidthGBps > 0 {
		parts = append(parts, formatGBps(l.BandwidthGBps)+" GB/s")
	}
	if l.P2PAccess {
		parts = append(parts, "P2P access")
	} else {
		parts = append(parts, "no P2P access")
	}
	if l.NativeAtomics {
		parts = append(parts, "native atomics")
	}
	return strings.Join(parts, ", ")
}

// commonName is the devices' name when they all have the same, "" otherwise.
func (t topo) commonName() string {
	name := t.devs[0].Name
	for _, d := range t.devs[1:] {
		if d.Name != name {
			return ""
		}
	}
	return name
}

// nodeKind is how devices of one CPU reach it: "PHB" when they all share a host bridge,
// "NODE" when some pair doesn't, "?" when the matrix doesn't say (NVLink hides PCIe).
func (t topo) nodeKind(g []int) string {
	kind := "?"
	for _, i := range g {
		for _, j := range g {
			if i >= j {
				continue
			}
			switch t.links[i][j].kind() {
			case "NODE":
				return "NODE"
			case "PHB", "PIX", "PXB":
				kind = "PHB"
			}
		}
	}
	if len(g) == 1 && kind == "?" {
		// A lone device: PHB if any of its links is PCIe-based at all.
		for j := range t.devs {
			if k := t.links[g[0]][j].kind(); k == "SYS" || k == "NODE" || k == "PHB" {
				return "PHB"
			}
		}
	}
	return kind
}

// box is a rectangle's left and width.
type box struct{ x, w float64 }

// cpuBoxes places one box per CPU: under its devices when every CPU's devices are
// contiguous, side by side otherwise.
func (t topo) cpuBoxes(tree pcieTree, left func(int) float64, x0, rowW float64) []box {
	out := make([]box, len(tree.nodes))
	contiguous := true
	for _, g := range tree.nodes {
		if g[len(g)-1]-g[0] != len(g)-1 {
			contiguous = false
		}
	}
	if contiguous {
		for k, g := range tree.nodes {
			out[k] = box{left(g[0]) + 4, left(g[len(g)-1]) + gBoxW - 4 - left(g[0]) - 4}
		}
		return out
	}
	k := float64(len(tree.nodes))
	w := (rowW - (k-1)*40) / k
	for i := range out {
		out[i] = box{x0 + float64(i)*(w+40), w}
	}
	return out
}

// nvWithoutP2P reports whether some NVLink pair lacks P2P access.
func (t topo) nvWithoutP2P() bool {
	for i := range t.links {
		for j := range t.links[i] {
			if l := t.links[i][j]; i != j && l.kind() == "NV" && !l.P2PAccess {
				return true
			}
		}
	}
	return false
}

// switchNode draws a PCIe switch as a pill centred at (x, y).
func switchNode(d *svgDoc, x, y float64, label, colour string) {
	w := textWidth(label, 10, true) + 16
	d.rect(x-w/2, y-9, w, 18, "#ffffff", shape{rx: 9, stroke: colour, strokeWidth: 1.5})
	d.text(x, y+3.5, "middle", 10, colour, label, bold)
}

// drawCPU draws the box of one CPU (NUMA node) and its devices.
func (t topo) drawCPU(d *svgDoc, g []int, b box, top float64) {
	dev := t.devs[g[0]]
	allSim := true
	for _, i := range g {
		allSim = allSim && t.devs[i].Simulated
	}
	title := "CPU"
	switch {
	case dev.NUMANode >= 0:
		title = "CPU · NUMA " + strconv.Itoa(dev.NUMANode)
	case allSim:
		title = "host CPU"
	}
	d.rect(b.x, top, b.w, gCPUH, "#eceff1", shape{rx: 6, stroke: "#78909c", strokeWidth: 1.2})
	sub := ""
	if dev.CPUAffinity != "" {
		sub = "cores " + dev.CPUAffinity
	}
	if sub == "" {
		d.text(b.x+b.w/2, top+gCPUH/2+4.5, "middle", 12, "#37474f", fitText(title, b.w-10, 12, true), bold)
		return
	}
	d.text(b.x+b.w/2, top+16, "middle", 12, "#37474f", fitText(title, b.w-10, 12, true), bold)
	d.text(b.x+b.w/2, top+31, "middle", 10, "#607d8b", fitText(sub, b.w-10, 10, false), plain)
}

// drawDevice draws one device box: label, name, memory, PCI bus id.
func (t topo) drawDevice(d *svgDoc, dev TopologyDevice, x, y float64) {
	fill, stroke, dash := "#ffffff", "#546e7a", []float64(nil)
	if dev.Simulated {
		fill, stroke, dash = "#fffaf0", "#8d6e63", []float64{5, 3}
	}
	tip := dev.Label + ": " + dev.Name
	if dev.MemoryBytes > 0 {
		tip += ", " + formatBytes(float64(dev.MemoryBytes))
	}
	if dev.PCIBusID != "" {
		tip += ", PCI " + dev.PCIBusID
	}
	if dev.NUMANode >= 0 {
		tip += ", NUMA " + strconv.Itoa(dev.NUMANode)
	}
	if dev.Simulated {
		tip += " (simulated)"
	}
	if dev.CapsKnown {
		tip += "; host link " + hostLinkText(dev) + ", host-native atomics " + capText(dev, dev.HostNativeAtomics)
	}
	d.group("", tip)
	d.rect(x, y, gBoxW, gBoxH, fill, shape{rx: 7, stroke: stroke, strokeWidth: 1.5, dash: dash})
	cx := x + gBoxW/2
	d.text(cx, y+17, "middle", 13, "#212121", fitText(dev.Label, gBoxW-10, 13, true), textStyle{heavier: true})
	mem := ""
	if dev.MemoryBytes > 0 {
		mem = formatBytes(float64(dev.MemoryBytes))
	}
	foot := strings.TrimPrefix(dev.PCIBusID, "0000:")
	if dev.Simulated {
		foot = "simulated"
	}
	name := wrapText(shortName(dev.Name), gBoxW-12, 11, false)
	if len(name) == 1 {
		d.text(cx, y+33, "middle", 11, "#37474f", name[0], plain)
		d.text(cx, y+48, "middle", 11, "#607d8b", fitText(mem, gBoxW-10, 11, false), plain)
		d.text(cx, y+62, "middle", 10, "#90a4ae", fitText(foot, gBoxW-10, 10, false), plain)
	} else {
		d.text(cx, y+32, "middle", 11, "#37474f", name[0], plain)
		d.text(cx, y+45, "middle", 11, "#37474f", name[1], plain)
		info := mem
		if foot != "" && mem != "" {
			info += " · " + foot
		} else if foot != "" {
			info = foot
		}
		d.text(cx, y+61, "middle", 10, "#607d8b", fitText(info, gBoxW-10, 10, false), plain)
	}
	d.groupEnd()
}

// legendItem is one entry of the graph's legend.
type legendItem struct {
	colour, text string
	dashed, box  bool
}

// legendItems lists the kinds of link present, then the marks used.
func (t topo) legendItems(dashedArcs bool) []legendItem {
	var items []legendItem
	for _, k := range t.kindsPresent() {
		name := k
		if k == "NV" {
			name = "NV#"
		}
		items = append(items, legendItem{colour: linkStyles[k].colour, text: name + " " + linkStyles[k].short})
	}
	if dashedArcs && t.nvWithoutP2P() {
		items = append(items, legendItem{colour: linkStyles["NV"].colour, text: "no P2P access", dashed: true})
	}
	for _, dev := range t.devs {
		if dev.Simulated {
			items = append(items, legendItem{colour: "#8d6e63", text: "simulated device", box: true, dashed: true})
			break
		}
	}
	if text := t.hostLinkLegend(); text != "" {
		items = append(items, legendItem{colour: "#78909c", text: text})
	}
	return items
}

// hostLinkLegend summarises the devices' links to the host for the graph's legend: "host:
// PCIe, no host-native atomics", or "" where their capabilities are unknown or differ.
func (t topo) hostLinkLegend() string {
	if len(t.devs) == 0 || !t.devs[0].CapsKnown {
		return ""
	}
	first := t.devs[0]
	for _, d := range t.devs[1:] {
		if !d.CapsKnown || d.HostLink != first.HostLink || d.HostNativeAtomics != first.HostNativeAtomics {
			return ""
		}
	}
	if first.HostNativeAtomics {
		return "host: " + hostLinkText(first) + ", host-native atomics"
	}
	return "host: " + hostLinkText(first) + ", no host-native atomics"
}

// Legend items: a 20 px swatch, 6 px, the text, and 18 px to the next item.
const (
	legendSwatch = 26.0
	legendGap    = 18.0
)

// legendWidth is the width of the legend drawLegend draws.
func (t topo) legendWidth(dashedArcs bool) float64 {
	total := 0.0
	for i, it := range t.legendItems(dashedArcs) {
		if i > 0 {
			total += legendGap
		}
		total += legendSwatch + textWidth(it.text, 11, false)
	}
	return total
}

// drawLegend draws the legend centred on the line at y (graphSVG makes W wide enough).
func (t topo) drawLegend(d *svgDoc, y, W float64, dashedArcs bool) {
	items := t.legendItems(dashedArcs)
	x := math.Max((W-t.legendWidth(dashedArcs))/2, gMarginX)
	for _, it := range items {
		var dash []float64
		if it.dashed {
			dash = []float64{5, 3}
		}
		if it.box {
			d.rect(x, y-9, 20, 12, "#fffaf0", shape{rx: 2, stroke: it.colour, strokeWidth: 1.2, dash: dash})
		} else {
			d.line(x, y-3, x+20, y-3, it.colour, 3, shape{dash: dash})
		}
		d.text(x+legendSwatch, y+1, "start", 11, "#424242", it.text, plain)
		x += legendSwatch + textWidth(it.text, 11, false) + legendGap
	}
}
