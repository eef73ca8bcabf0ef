package gpu

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/display"
)

func TestStats(t *testing.T) {
	use(t, "sim:nvlink2")
	b := must(Dev(0).AllocFrom([]float32{1, 2, 3, 4, float32(math.NaN()), float32(math.Inf(1)), -2}))
	s := must(b.Stats())
	if s.Count != 7 || s.Finite() != 5 || s.NaN != 1 || s.Inf != 1 || s.Min != -2 || s.Max != 4 || math.Abs(s.Mean-1.6) > 1e-12 {
		t.Errorf("stats %+v", s)
	}
	if math.Abs(s.Std-math.Sqrt((0.36+0.16+1.96+5.76+12.96)/5)) > 1e-12 {
		t.Errorf("std %v", s.Std)
	}
	u := must(Host().AllocFrom([]uint8{255, 0, 5}))
	if s := must(u.Stats()); s.Min != 0 || s.Max != 255 || s.NaN != 0 {
		t.Errorf("uint8 stats %+v", s)
	}
	nan := must(Dev(1).Alloc(Float64, 2))
	nan.Fill(math.NaN())
	if s := must(nan.Stats()); !math.IsNaN(s.Mean) || s.NaN != 2 {
		t.Errorf("all-NaN stats %+v", s)
	}
	view := must(must(Dev(0).AllocFrom([]int32{-5, 7, 9})).Slice(1, 3))
	if s := must(view.Stats()); s.Count != 2 || s.Min != 7 || s.Max != 9 {
		t.Errorf("stats of a view %+v", s)
	}
}

func TestBufferViewSmall(t *testing.T) {
	use(t, "sim:nvlink2")
	b := must(Dev(0).AllocShared(Int32, 6))
	must(0, b.Write([]int32{1, 2, 3, 4, 5, 6}))
	must(0, b.Reshape(2, 3))
	v := must(b.Named("b").View())
	if v.Name != "b" || v.DType != "int32" || !reflect.DeepEqual(v.Shape, []int{2, 3}) || v.Device != "GPU0 sim-H200-0" ||
		!v.Simulated || !v.Shared || !reflect.DeepEqual(v.SharedWith, []string{"GPU0", "GPU1"}) ||
		!reflect.DeepEqual(v.Values, []float64{1, 2, 3, 4, 5, 6}) || v.Stats.Mean != 3.5 {
		t.Errorf("view %+v", v)
	}
	bundle := b.MIMEBundle()
	text, _ := bundle.Data["text/plain"].(string)
	html, _ := bundle.Data["text/html"].(string)
	if !strings.Contains(text, "int32") || !strings.Contains(text, "6") || !strings.Contains(html, "<table") {
		t.Errorf("bundle text %q html %q", text, html)
	}
}

func bundleSize(b display.Bundle) int {
	n := 0
	for _, v := range b.Data {
		if s, ok := v.(string); ok {
			n += len(s)
		}
	}
	return n
}

func TestBufferViewLargeIsBounded(t *testing.T) {
	use(t, "sim:nvlink2")
	const n = 1 << 22
	vals := make([]float32, n)
	for i := range vals {
		vals[i] = float32(math.Sin(float64(i) / 1e5))
	}
	line := must(Dev(0).AllocFrom(vals))
	v := must(line.View())
	if v.Values != nil || v.Envelope == nil || len(v.Envelope.Mean) != display.EnvelopeBins {
		t.Fatalf("1-D view: values %d, envelope %v", len(v.Values), v.Envelope != nil)
	}
	for i := range v.Envelope.Mean {
		if v.Envelope.Min[i] > v.Envelope.Mean[i] || v.Envelope.Mean[i] > v.Envelope.Max[i] {
			t.Fatalf("bin %d: %v %v %v", i, v.Envelope.Min[i], v.Envelope.Mean[i], v.Envelope.Max[i])
		}
	}
	if b := line.MIMEBundle(); bundleSize(b) > display.MaxOutputBytes || !strings.Contains(b.Data["text/html"].(string), "data:image/") {
		t.Errorf("a 4M-element buffer rendered as %d bytes", bundleSize(b))
	}

	grid := must(Dev(1).Alloc(Float32, 1000*3000))
	must(0, grid.Reshape(1000, 3000))
	rows := make([]float32, 3000)
	for r := 0; r < 1000; r++ {
		for c := range rows {
			rows[c] = float32(r)
		}
		must(0, grid.WriteAt(r*3000, rows))
	}
	gv := must(grid.View())
	g := gv.Grid
	if g == nil || g.Rows != display.GridSize || g.Cols != display.GridSize {
		t.Fatalf("grid %+v", g)
	}
	if first, last := g.Values[0], g.Values[(g.Rows-1)*g.Cols]; first >= last || g.Values[5] != g.Values[100] {
		t.Errorf("grid means: first row %v, last row %v", first, last)
	}
	if b := grid.MIMEBundle(); bundleSize(b) > display.MaxOutputBytes {
		t.Errorf("a 3M-element matrix rendered as %d bytes", bundleSize(b))
	}
	grid.Free()
	if fb := grid.MIMEBundle(); !strings.Contains(fb.Data["text/plain"].(string), "memory was freed") {
		t.Errorf("freed buffer renders as %q", fb.Data["text/plain"])
	}
}

func TestTopologyView(t *testing.T) {
	use(t, "sim:pcie4")
	v := Topology().View()
	if len(v.Devices) != 4 || v.Devices[3].NUMANode != 1 || !v.Devices[0].Simulated || v.Links[0][1].Label != "PIX" ||
		v.Links[0][3].P2PAccess || v.Source != "sim preset pcie4" {
		t.Errorf("view %+v", v)
	}
	b := Topology().MIMEBundle()
	if text, _ := b.Data["text/plain"].(string); !strings.Contains(text, "SYS") {
		t.Errorf("topology text %q", text)
	}
}
