package display

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// TopologyView is what a machine's device topology shows: plain data that the gpu package
// fills, rendered as a graph of the devices and their links (SVG), the matrix that
// `nvidia-smi topo -m` prints with its legend, and the P2P access, atomics and bandwidth
// matrices (HTML), and the nvidia-smi matrix again as text/plain.
type TopologyView struct {
	Devices []TopologyDevice
	// Links[i][j] is the link from device i to device j; Links[i][i] is the device itself
	// (label "X"). Missing entries show as "?".
	Links  [][]TopologyLink
	Source string // where the facts came from: "nvml", "driver", "sim preset nvswitch8"
}

// TopologyDevice is one device of a TopologyView.
type TopologyDevice struct {
	Label       string // short name in the matrix, "GPU0"; "" means "GPU<index>"
	Name        string // "NVIDIA H200"
	MemoryBytes uint64
	Simulated   bool
	PCIBusID    string // "0000:18:00.0"; "" where unknown
	NUMANode    int    // -1 where unknown
	CPUAffinity string // "0-47,96-143"; "" where unknown

	// What the device can do with host memory (gpu.Caps); with CapsKnown false they are
	// unknown and shown as "?".
	CapsKnown                  bool
	HostLink                   string // "PCIe", "NVLink-C2C"
	HostNativeAtomics          bool   // host and kernel atomics on one host word are atomic together
	PageableMemoryAccess       bool   // kernels read and write pageable host memory coherently
	PageableUsesHostPageTables bool   // through the host's page tables (ATS)
	ConcurrentManagedAccess    bool   // managed memory is coherent while the CPU uses it
}

// hostCaps are the columns of the host capabilities table, with their legend.
var hostCaps = []struct {
	title, legend string
	get           func(TopologyDevice) bool
}{
	{"Host atomics", "CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED: the device's atomics on host memory are atomic with the host CPU's (without them, host read-modify-write atomics on a shared host buffer are refused: use AtomicAddVia)",
		func(d TopologyDevice) bool { return d.HostNativeAtomics }},
	{"Pageable", "CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS: kernels access pageable (not registered) host memory coherently",
		func(d TopologyDevice) bool { return d.PageableMemoryAccess }},
	{"Host page tables", "CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES: through the host's page tables (ATS)",
		func(d TopologyDevice) bool { return d.PageableUsesHostPageTables }},
	{"Managed concurrent", "CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS: managed memory is coherent while the CPU uses it",
		func(d TopologyDevice) bool { return d.ConcurrentManagedAccess }},
}

// anyCaps reports whether some device's capabilities are known.
func (t topo) anyCaps() bool {
	for _, d := range t.devs {
		if d.CapsKnown {
			return true
		}
	}
	return false
}

// capText is a capability as the tables show it: "OK", "NS" or "?".
func capText(d TopologyDevice, v bool) string {
	switch {
	case !d.CapsKnown:
		return "?"
	case v:
		return "OK"
	}
	return "NS"
}

func hostLinkText(d TopologyDevice) string {
	if !d.CapsKnown || d.HostLink == "" {
		return "?"
	}
	return d.HostLink
}

// hostCapsText writes the host capabilities table and its legend.
func (t topo) hostCapsText(b *strings.Builder) {
	b.WriteString("\nHost link and capabilities (OK, NS: not supported, ?: unknown):\n\tHost link")
	for _, c := range hostCaps {
		b.WriteString("\t" + c.title)
	}
	b.WriteString("\n")
	for _, d := range t.devs {
		b.WriteString(d.Label + "\t" + hostLinkText(d))
		for _, c := range hostCaps {
			b.WriteString("\t" + capText(d, c.get(d)))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	for _, c := range hostCaps {
		fmt.Fprintf(b, "  %s = %s\n", c.title, c.legend)
	}
}

// hostCapsHTML is the host capabilities table, with its legend as the headers' titles.
func (t topo) hostCapsHTML() string {
	var b strings.Builder
	b.WriteString(`<div>` + tableTitle("Host link and capabilities") + tableStart() + `<tr>` + th("") + th("Host link"))
	for _, c := range hostCaps {
		fmt.Fprintf(&b, `<th title="%s" style="%s;background:#8881;font-family:%s">%s</th>`,
			html.EscapeString(c.legend), cellStyle, fontStack, html.EscapeString(c.title))
	}
	b.WriteString(`</tr>`)
	for _, d := range t.devs {
		b.WriteString(`<tr>` + th(d.Label) + td(hostLinkText(d)))
		for _, c := range hostCaps {
			text := capText(d, c.get(d))
			colour := map[string]string{"OK": "#2e7d32", "NS": "#c62828", "?": "#9e9e9e"}[text]
			fmt.Fprintf(&b, `<td style="%s;color:%s">%s</td>`, cellStyle, colour, text)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</table></div>`)
	return b.String()
}

// TopologyLink is the connection from one device to another.
type TopologyLink struct {
	// Label is the nvidia-smi label: "X" (self), "NV18", "PIX", "PXB", "PHB", "NODE", "SYS".
	// Empty with NVLinks > 0 means "NV<NVLinks>".
	Label         string
	NVLinks       int     // number of bonded NVLinks
	P2PAccess     bool    // the devices can map each other's memory
	NativeAtomics bool    // atomics over the link are native
	BandwidthGBps float64 // one-direction bandwidth; 0 where unknown
}

// text is the label as the matrix shows it.
func (l TopologyLink) text() string {
	lab := strings.TrimSpace(l.Label)
	switch {
	case lab == "" && l.NVLinks > 0:
		return "NV" + strconv.Itoa(l.NVLinks)
	case lab == "":
		return "?"
	}
	return strings.ToUpper(lab)
}

// kind is the link's class: "X", "NV", "PIX", "PXB", "PHB", "NODE", "SYS" or "?".
func (l TopologyLink) kind() string {
	t := l.text()
	switch {
	case strings.HasPrefix(t, "NV"):
		return "NV"
	case t == "X" || t == "PIX" || t == "PXB" || t == "PHB" || t == "NODE" || t == "SYS":
		return t
	}
	return "?"
}

// nvCount is the number of NVLinks of an NV link (from NVLinks, or the label's number).
func (l TopologyLink) nvCount() int {
	if l.NVLinks > 0 {
		return l.NVLinks
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(l.text(), "NV"))
	return n
}

// linkStyle is how a kind of link looks and what the legend says of it.
type linkStyle struct {
	colour string
	legend string // nvidia-smi's explanation
	short  string // the graph legend's
}

// linkStyles lists the kinds from best to worst.
var linkKinds = []string{"NV", "PIX", "PXB", "PHB", "NODE", "SYS"}

var linkStyles = map[string]linkStyle{
	"X":    {"#9e9e9e", "Self", "self"},
	"NV":   {"#76b900", "Connection traversing a bonded set of # NVLinks", "NVLink"},
	"PIX":  {"#1e88e5", "Connection traversing at most a single PCIe bridge", "one PCIe switch"},
	"PXB":  {"#3949ab", "Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)", "several PCIe switches"},
	"PHB":  {"#8e24aa", "Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)", "PCIe host bridge"},
	"NODE": {"#f57c00", "Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node", "host bridges of a NUMA node"},
	"SYS":  {"#e53935", "Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)", "across NUMA nodes"},
	"?":    {"#bdbdbd", "Unknown", "unknown"},
}

// legendOrder is the order nvidia-smi prints its legend in.
var legendOrder = []string{"X", "SYS", "NODE", "PHB", "PXB", "PIX", "NV"}

// topo is a TopologyView checked and completed: n devices, an n x n link matrix.
type topo struct {
	devs  []TopologyDevice
	links [][]TopologyLink
	src   string
}

// normalize completes v: labels for every device, a square link matrix, "X" on the
// diagonal.
func (v *TopologyView) normalize() topo {
	n := len(v.Devices)
	t := topo{devs: make([]TopologyDevice, n), links: make([][]TopologyLink, n), src: v.Source}
	copy(t.devs, v.Devices)
	for i := range t.devs {
		if t.devs[i].Label == "" {
			t.devs[i].Label = "GPU" + strconv.Itoa(i)
		}
		t.links[i] = make([]TopologyLink, n)
		for j := 0; j < n; j++ {
			if i < len(v.Links) && j < len(v.Links[i]) {
				t.links[i][j] = v.Links[i][j]
			}
		}
		t.links[i][i].Label = "X"
	}
	return t
}

// kindsPresent lists the link kinds between distinct devices, best first.
func (t topo) kindsPresent() []string {
	seen := map[string]bool{}
	for i := range t.links {
		for j := range t.links[i] {
			if i != j {
				seen[t.links[i][j].kind()] = true
			}
		}
	}
	var out []string
	for _, k := range append(linkKinds, "?") {
		if seen[k] {
			out = append(out, k)
		}
	}
	return out
}

// anyBandwidth reports whether some link's bandwidth is known.
func (t topo) anyBandwidth() bool {
	for i := range t.links {
		for j := range t.links[i] {
			if i != j && t.links[i][j].BandwidthGBps > 0 {
				return true
			}
		}
	}
	return false
}

// numaText is the NUMA affinity column: the node, or "N/A".
func numaText(d TopologyDevice) string {
	if d.NUMANode < 0 {
		return "N/A"
	}
	return strconv.Itoa(d.NUMANode)
}

// affinityText is the CPU affinity column, "N/A" where unknown.
func affinityText(d TopologyDevice) string {
	if d.CPUAffinity == "" {
		return "N/A"
	}
	return d.CPUAffinity
}

// MIMEBundle renders the topology: the graph (SVG), the graph with the matrices (HTML), and
// the nvidia-smi matrix with its legend (text/plain).
func (v TopologyView) MIMEBundle() Bundle {
	t := v.normalize()
	b := newBundle()
	b.Data[MIMEText] = t.text()
	if len(t.devs) == 0 {
		b.Data[MIMEHTML] = `<div style="font-family:` + fontStack + `;color:#757575">no devices</div>`
		return b
	}
	return t.graphSVG().render().fit(b, t.html, MaxOutputBytes)
}

// text is the text/plain form: the devices, then the matrices as nvidia-smi prints them.
func (t topo) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Topology: %d device", len(t.devs))
	if len(t.devs) != 1 {
		b.WriteString("s")
	}
	if t.src != "" {
		b.WriteString(" (source: " + t.src + ")")
	}
	b.WriteString("\n")
	for _, d := range t.devs {
		fmt.Fprintf(&b, "%s: %s", d.Label, d.Name)
		if d.MemoryBytes > 0 {
			b.WriteString(", " + formatBytes(float64(d.MemoryBytes)))
		}
		if d.PCIBusID != "" {
			b.WriteString(", " + d.PCIBusID)
		}
		if d.Simulated {
			b.WriteString(" (simulated)")
		}
		b.WriteString("\n")
	}
	if len(t.devs) == 0 {
		return b.String()
	}
	b.WriteString("\n")
	// The matrix, tab-separated like nvidia-smi topo -m.
	t.deviceMatrix(&b, "\tCPU Affinity\tNUMA Affinity", func(i, j int) string {
		if lab := t.links[i][j].text(); lab != "X" {
			return lab
		}
		return " X "
	}, func(d TopologyDevice) string { return "\t" + affinityText(d) + "\t" + numaText(d) })
	b.WriteString("\nLegend:\n\n")
	for _, k := range legendOrder {
		name := k
		if k == "NV" {
			name = "NV#"
		}
		fmt.Fprintf(&b, "  %-4s = %s\n", name, linkStyles[k].legend)
	}
	t.boolMatrixText(&b, "P2P access (OK: the devices can map each other's memory, NS: not supported)",
		func(l TopologyLink) bool { return l.P2PAccess })
	t.boolMatrixText(&b, "Native atomics over the link (OK, NS: not supported)",
		func(l TopologyLink) bool { return l.NativeAtomics })
	if t.anyCaps() {
		t.hostCapsText(&b)
	}
	if t.anyBandwidth() {
		b.WriteString("\nBandwidth, GB/s one direction (-: unknown):\n")
		t.matrixText(&b, func(l TopologyLink) string {
			if l.BandwidthGBps <= 0 {
				return "-"
			}
			return strconv.FormatFloat(l.BandwidthGBps, 'f', -1, 64)
		})
	}
	return b.String()
}

func (t topo) boolMatrixText(b *strings.Builder, title string, f func(TopologyLink) bool) {
	b.WriteString("\n" + title + ":\n")
	t.matrixText(b, func(l TopologyLink) string {
		if f(l) {
			return "OK"
		}
		return "NS"
	})
}

// matrixText writes a tab-separated device matrix of cell(link) ("X" on the diagonal).
func (t topo) matrixText(b *strings.Builder, cell func(TopologyLink) string) {
	t.deviceMatrix(b, "", func(i, j int) string {
		if i == j {
			return " X "
		}
		return cell(t.links[i][j])
	}, nil)
}

// deviceMatrix writes a tab-separated matrix of cell(i, j) with a row and a column per
// device, after each row tail(its device) where tail is not nil, and head after the
// column headings.
func (t topo) deviceMatrix(b *strings.Builder, head string, cell func(i, j int) string, tail func(TopologyDevice) string) {
	for _, d := range t.devs {
		b.WriteString("\t" + d.Label)
	}
	b.WriteString(head + "\n")
	for i, d := range t.devs {
		b.WriteString(d.Label)
		for j := range t.devs {
			b.WriteString("\t" + cell(i, j))
		}
		if tail != nil {
			b.WriteString(tail(d))
		}
		b.WriteString("\n")
	}
}

// html is the HTML form: the graph, the topo -m matrix with its legend, then the P2P,
// atomics and bandwidth matrices.
func (t topo) html(graph string) string {
	var b strings.Builder
	b.WriteString(`<div style="font-family:` + fontStack + `;font-size:13px;line-height:1.4">`)
	b.WriteString(`<div style="max-width:1100px">` + graph + `</div>`)
	b.WriteString(`<div style="display:flex;flex-wrap:wrap;gap:12px 28px;align-items:flex-start;margin-top:8px">`)

	// The topo -m matrix.
	b.WriteString(`<div>` + tableTitle("nvidia-smi topo -m") + tableStart())
	b.WriteString(`<tr>` + th(""))
	for _, d := range t.devs {
		b.WriteString(th(d.Label))
	}
	b.WriteString(th("CPU Affinity") + th("NUMA Affinity") + `</tr>`)
	for i, d := range t.devs {
		b.WriteString(`<tr>` + th(d.Label))
		for j := range t.devs {
			l := t.links[i][j]
			st := linkStyles[l.kind()]
			title := st.short
			if l.kind() == "NV" {
				title = fmt.Sprintf("%d NVLinks", l.nvCount())
			}
			if l.BandwidthGBps > 0 {
				title += fmt.Sprintf(", %g GB/s", l.BandwidthGBps)
			}
			fmt.Fprintf(&b, `<td title="%s" style="%s;color:%s;background:%s1f">%s</td>`,
				html.EscapeString(title), cellStyle, st.colour, st.colour, html.EscapeString(l.text()))
		}
		b.WriteString(td(affinityText(d)) + td(numaText(d)) + `</tr>`)
	}
	b.WriteString(`</table>`)
	b.WriteString(`<div style="color:#616161;font-size:11px;margin-top:4px;line-height:1.5">`)
	for _, k := range legendOrder {
		name := k
		if k == "NV" {
			name = "NV#"
		}
		fmt.Fprintf(&b, `<div><b style="color:%s;display:inline-block;min-width:38px">%s</b>%s</div>`,
			linkStyles[k].colour, name, html.EscapeString(linkStyles[k].legend))
	}
	b.WriteString(`</div></div>`)

	// P2P, atomics, bandwidth.
	b.WriteString(`<div style="display:flex;flex-wrap:wrap;gap:12px 28px">`)
	b.WriteString(t.boolMatrixHTML("P2P access", func(l TopologyLink) bool { return l.P2PAccess }))
	b.WriteString(t.boolMatrixHTML("Native atomics", func(l TopologyLink) bool { return l.NativeAtomics }))
	if t.anyCaps() {
		b.WriteString(t.hostCapsHTML())
	}
	if t.anyBandwidth() {
		b.WriteString(t.matrixHTML("Bandwidth, GB/s", func(l TopologyLink) (string, string) {
			if l.BandwidthGBps <= 0 {
				return "–", "#9e9e9e"
			}
			return strconv.FormatFloat(l.BandwidthGBps, 'f', -1, 64), linkStyles[l.kind()].colour
		}))
	}
	b.WriteString(matrixLegendHTML)
	b.WriteString(`</div></div></div>`)
	return b.String()
}

// matrixLegendHTML says what the cells of the P2P, atomics and host tables mean, under them.
const matrixLegendHTML = `<div style="flex-basis:100%;color:#616161;font-size:11px;line-height:1.5">` +
	`<b style="color:#2e7d32">OK</b> supported · <b style="color:#c62828">NS</b> not supported · ` +
	`<b style="color:#9e9e9e">?</b> unknown · <b style="color:#9e9e9e">X</b> the device itself</div>`

func (t topo) boolMatrixHTML(title string, f func(TopologyLink) bool) string {
	return t.matrixHTML(title, func(l TopologyLink) (string, string) {
		if f(l) {
			return "OK", "#2e7d32"
		}
		return "NS", "#c62828"
	})
}

// matrixHTML is a device matrix table of cell(link) = (text, colour).
func (t topo) matrixHTML(title string, cell func(TopologyLink) (string, string)) string {
	var b strings.Builder
	b.WriteString(`<div>` + tableTitle(title) + tableStart() + `<tr>` + th(""))
	for _, d := range t.devs {
		b.WriteString(th(d.Label))
	}
	b.WriteString(`</tr>`)
	for i, d := range t.devs {
		b.WriteString(`<tr>` + th(d.Label))
		for j := range t.devs {
			if i == j {
				b.WriteString(`<td style="` + cellStyle + `;color:#9e9e9e">X</td>`)
				continue
			}
			text, colour := cell(t.links[i][j])
			fmt.Fprintf(&b, `<td style="%s;color:%s">%s</td>`, cellStyle, colour, html.EscapeString(text))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</table></div>`)
	return b.String()
}

// cellStyle is every matrix cell's style: short, since there are n*n cells a table, and
// inline, since notebook front ends restyle table cells.
const cellStyle = `padding:2px 7px;text-align:center;white-space:nowrap;border:1px solid #8883`

func tableTitle(s string) string {
	return `<div style="font-weight:600;margin-bottom:3px">` + html.EscapeString(s) + `</div>`
}

func tableStart() string {
	return `<table style="border-collapse:collapse;margin:0;font-size:12px;font-family:` + monoStack + `">`
}

func th(s string) string {
	return `<th style="` + cellStyle + `;background:#8881;font-family:` + fontStack + `">` + html.EscapeString(s) + `</th>`
}

func td(s string) string {
	return `<td style="` + cellStyle + `">` + html.EscapeString(s) + `</td>`
}
