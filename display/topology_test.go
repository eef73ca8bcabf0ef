package display

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestTopologyViewForEveryFixture(t *testing.T) {
	for name, f := range topoFixtures {
		t.Run(name, func(t *testing.T) {
			v := f()
			b := v.MIMEBundle()
			svg, _ := b.Data[MIMESVG].(string)
			h, _ := b.Data[MIMEHTML].(string)
			txt := textOf(t, b)
			if root := checkXML(t, "topology SVG", svg); root != "svg" {
				t.Fatalf("SVG root is %q", root)
			}
			checkXML(t, "topology HTML", h)
			if !showsPicture(h, svg) {
				t.Errorf("the HTML doesn't show the graph")
			}
			if n := wireSize(t, b); n > MaxOutputBytes {
				t.Errorf("bundle is %d bytes, over the budget of %d", n, MaxOutputBytes)
			}
			header := ""
			for i, d := range v.Devices {
				label := fmt.Sprintf("GPU%d", i)
				if !strings.Contains(svg, ">"+label+"<") {
					t.Errorf("graph lacks %s", label)
				}
				if !strings.Contains(svg, formatBytes(float64(d.MemoryBytes))) {
					t.Errorf("graph lacks the memory of %s", label)
				}
				header += "\t" + label
				// The text row: label, one cell a device, affinity, NUMA.
				row := label
				for j := range v.Devices {
					cell := v.Links[i][j].Label
					if i == j {
						cell = " X "
					}
					row += "\t" + cell
				}
				row += "\t" + affinityText(d) + "\t" + numaText(d) + "\n"
				if !strings.Contains(txt, "\n"+row) {
					t.Errorf("text lacks the row %q", row)
				}
			}
			if !strings.Contains(txt, "\n"+header+"\tCPU Affinity\tNUMA Affinity\n") {
				t.Errorf("text lacks the nvidia-smi header %q", header)
			}
			for _, want := range []string{"Legend:", "  NV#  = Connection traversing a bonded set of # NVLinks",
				"  SYS  = Connection traversing PCIe as well as the SMP interconnect", "P2P access", "Native atomics"} {
				if !strings.Contains(txt, want) {
					t.Errorf("text lacks %q", want)
				}
			}
			for _, want := range []string{"nvidia-smi topo -m", "CPU Affinity", "NUMA Affinity", "P2P access",
				"Native atomics", "Connection traversing at most a single PCIe bridge"} {
				if !strings.Contains(h, want) {
					t.Errorf("HTML lacks %q", want)
				}
			}
			// One matrix cell a device pair, in each of the topo, P2P and atomics tables.
			n := len(v.Devices)
			if cells := strings.Count(h, "<td "); cells < 3*n*n {
				t.Errorf("HTML has %d cells, want at least %d", cells, 3*n*n)
			}
		})
	}
}

// Every table that shows NS says what it means (not supported), in HTML and in text.
func TestTopologyTablesSayWhatNSMeans(t *testing.T) {
	shown := 0
	for name, f := range topoFixtures {
		v := f()
		// Host capabilities too, some not supported.
		for i := range v.Devices {
			v.Devices[i].CapsKnown, v.Devices[i].HostLink = true, "PCIe"
			v.Devices[i].HostNativeAtomics, v.Devices[i].PageableMemoryAccess = i%2 == 0, true
		}
		b := v.MIMEBundle()
		h, _ := b.Data[MIMEHTML].(string)
		txt := textOf(t, b)
		if strings.Contains(h, ">NS<") {
			shown++
			if !strings.Contains(h, "NS</b> not supported") {
				t.Errorf("%s: the HTML shows NS without saying what it means", name)
			}
		}
		for _, l := range strings.Split(txt, "\n") {
			if strings.Contains(l, "NS") && !strings.Contains(l, "NS: not supported") && !strings.Contains(txt, "NS: not supported") {
				t.Errorf("%s: the text shows NS without saying what it means: %q", name, l)
			}
		}
	}
	if shown == 0 {
		t.Fatal("no fixture shows NS")
	}
}

func TestTopologyTextMatchesNvidiaSmi(t *testing.T) {
	txt := textOf(t, topoTwoNV().MIMEBundle())
	want := "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\n" +
		"GPU0\t X \tNV18\t0-47,96-143\t0\n" +
		"GPU1\tNV18\t X \t0-47,96-143\t0\n"
	if !strings.Contains(txt, want) {
		t.Errorf("text =\n%s\nwant it to contain\n%s", txt, want)
	}
	if !strings.Contains(txt, "Bandwidth, GB/s one direction (-: unknown):\n\tGPU0\tGPU1\nGPU0\t X \t450\n") {
		t.Errorf("text lacks the bandwidth matrix:\n%s", txt)
	}
}

func TestTopologyGraphLayout(t *testing.T) {
	nvArcs := func(svg string) int { return strings.Count(svg, `<path d="M`) }
	fabric := textOf(t, Text(topoEightSwitch().MIMEBundle().Data[MIMESVG].(string)))
	if nvArcs(fabric) != 0 || !strings.Contains(fabric, "NVLink · NV18 between every pair · 450 GB/s") {
		t.Errorf("8 devices on NVSwitch: want one fabric bar and no arcs")
	}
	mesh := topoEightCubeMesh().MIMEBundle().Data[MIMESVG].(string)
	if n := nvArcs(mesh); n != 16 {
		t.Errorf("cube mesh drew %d arcs, want 16 (one a linked pair)", n)
	}
	two := topoTwoNV().MIMEBundle().Data[MIMESVG].(string)
	if nvArcs(two) != 1 || !strings.Contains(two, ">NV18 · 450 GB/s<") {
		t.Errorf("2 devices: want one arc labelled with its bandwidth")
	}
	if !strings.Contains(two, "CPU · NUMA 0") || !strings.Contains(two, "cores 0-47,96-143") {
		t.Errorf("2 devices: CPU box lacks NUMA node or cores")
	}

	// An NVLink without P2P access is dashed and says so.
	v := topoTwoNV()
	v.Links[0][1].P2PAccess, v.Links[1][0].P2PAccess = false, false
	svg := v.MIMEBundle().Data[MIMESVG].(string)
	if !strings.Contains(svg, `stroke-dasharray="6 4"`) || !strings.Contains(svg, "no P2P access") {
		t.Errorf("NVLink without P2P isn't dashed and explained")
	}
	sim := topoFourPairs().MIMEBundle().Data[MIMESVG].(string)
	if !strings.Contains(sim, "simulated device") || !strings.Contains(sim, "host CPU") {
		t.Errorf("simulated devices aren't marked")
	}
}

func TestPCIeTreeInference(t *testing.T) {
	cases := []struct {
		name            string
		v               TopologyView
		nodes, pix, pxb [][]int
	}{
		{"8-pcie", topoEightPCIe(), [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}}, [][]int{{0, 1}, {2, 3}, {4, 5}, {6, 7}}, [][]int{{0, 1, 2, 3}}},
		{"4-pcie", topoFourPCIe(), [][]int{{0, 1}, {2, 3}}, [][]int{{0, 1}, {2, 3}}, nil},
		{"4-pairs-sim", topoFourPairs(), [][]int{{0, 1, 2, 3}}, nil, nil},
		{"8-nvswitch", topoEightSwitch(), [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}}, nil, nil},
		{"1-h200", topoOne(), [][]int{{0}}, nil, nil},
	}
	for _, c := range cases {
		tr := c.v.normalize().pcieTree()
		if !reflect.DeepEqual(tr.nodes, c.nodes) || !reflect.DeepEqual(tr.pix, c.pix) || !reflect.DeepEqual(tr.pxb, c.pxb) {
			t.Errorf("%s: nodes %v pix %v pxb %v; want %v %v %v", c.name, tr.nodes, tr.pix, tr.pxb, c.nodes, c.pix, c.pxb)
		}
	}
}

func TestTopologyViewMalformed(t *testing.T) {
	v := TopologyView{Devices: []TopologyDevice{{Name: "a", NUMANode: -1}, {Name: "b", NUMANode: -1}, {Name: "c", NUMANode: -1}},
		Links: [][]TopologyLink{{{Label: "X"}, {NVLinks: 4}}, {}}}
	b := v.MIMEBundle()
	txt := textOf(t, b)
	if !strings.Contains(txt, "GPU0\t X \tNV4\t?\tN/A\tN/A\n") || !strings.Contains(txt, "GPU2\t?\t?\t X \tN/A\tN/A\n") {
		t.Errorf("incomplete links don't show as ? in:\n%s", txt)
	}
	checkXML(t, "SVG", b.Data[MIMESVG].(string))
	empty := TopologyView{}.MIMEBundle()
	if txt := textOf(t, empty); !strings.HasPrefix(txt, "Topology: 0 devices") {
		t.Errorf("no devices: text %q", txt)
	}
	if h := empty.Data[MIMEHTML].(string); !strings.Contains(h, "no devices") {
		t.Errorf("no devices: HTML %q", h)
	}
}

func TestWrapText(t *testing.T) {
	if got := wrapText("H200", 100, 11, false); len(got) != 1 {
		t.Errorf("short name wrapped: %q", got)
	}
	got := wrapText("Tesla V100-SXM2-32GB", 108, 11, false)
	if len(got) != 2 || got[0] != "Tesla V100-SXM2-" || got[1] != "32GB" {
		t.Errorf("wrapText = %q", got)
	}
	if got := wrapText(strings.Repeat("x", 60), 108, 11, false); len(got) != 1 || !strings.HasSuffix(got[0], "…") {
		t.Errorf("unbreakable name = %q", got)
	}
}

func TestMatrixHeatmap(t *testing.T) {
	m := MatrixHeatmap{Title: "P2P bandwidth", Unit: "GB/s", RowLabels: []string{"GPU0", "GPU1", "GPU2"},
		ColLabels: []string{"GPU0", "GPU1", "GPU2"},
		Values:    [][]float64{{math.NaN(), 389.4, 12.26}, {391, math.NaN(), 0.5}, {1234.6, 2, math.NaN()}}}
	b := m.MIMEBundle()
	svg := b.Data[MIMESVG].(string)
	if root := checkXML(t, "heatmap SVG", svg); root != "svg" {
		t.Fatalf("root %q", root)
	}
	checkXML(t, "heatmap HTML", b.Data[MIMEHTML].(string))
	for _, want := range []string{">389<", ">12.3<", ">0.500<", ">1235<", ">–<", ">GB/s<", ">P2P bandwidth<", ">GPU2<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	want := "P2P bandwidth (GB/s)\n" +
		"      GPU0  GPU1   GPU2\n" +
		"GPU0     –   389   12.3\n" +
		"GPU1   391     –  0.500\n" +
		"GPU2  1235  2.00      –\n"
	if txt := textOf(t, b); txt != want {
		t.Errorf("text =\n%s\nwant\n%s", txt, want)
	}
	// Lowest is best: the gradient starts (bottom) with the bright end.
	m.LowIsGood = true
	if svg := m.MIMEBundle().Data[MIMESVG].(string); !strings.Contains(svg, `<stop offset="0%" stop-color="#fde725"/>`) {
		t.Errorf("LowIsGood doesn't reverse the colours")
	}
	bad := []MatrixHeatmap{
		{Values: [][]float64{{1, 2}, {3}}},
		{},
		{Values: [][]float64{{}}},
		{Values: make([][]float64, MaxMatrixSide+1)},
	}
	for i, m := range bad {
		b := m.MIMEBundle()
		if txt := textOf(t, b); !strings.HasPrefix(txt, "display.MatrixHeatmap: ") {
			t.Errorf("bad matrix %d: text %q, want an error", i, txt)
		}
	}
}

func BenchmarkTopology8(b *testing.B) {
	for _, name := range []string{"8-nvswitch", "8-cubemesh", "8-pcie"} {
		v := topoFixtures[name]()
		b.Run(name, func(b *testing.B) {
			size := 0
			for i := 0; i < b.N; i++ {
				size = bundleBytes(v.MIMEBundle())
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

func BenchmarkMatrixHeatmap8(b *testing.B) {
	m := MatrixHeatmap{Title: "P2P bandwidth", Unit: "GB/s"}
	for i := 0; i < 8; i++ {
		row := make([]float64, 8)
		for j := range row {
			row[j] = float64(300 + i*j)
		}
		m.Values = append(m.Values, row)
	}
	for i := 0; i < b.N; i++ {
		m.MIMEBundle()
	}
}
