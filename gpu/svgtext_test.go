package gpu

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/internal/svgtest"
)

// checkTextInside fails for every text element of svg that reaches outside its viewBox.
func checkTextInside(t *testing.T, name, svg string) {
	t.Helper()
	_, _, _, _, texts, err := svgtest.Texts(svg)
	if err != nil || len(texts) == 0 {
		t.Errorf("%s: %d texts, %v", name, len(texts), err)
	}
	outside, err := svgtest.Outside(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outside {
		t.Errorf("%s: %s", name, o)
	}
}

// Every text of every preset's topology picture, and of the measurement heatmaps drawn on
// it, lies inside the picture (sim:pcie4's legend once ended in "si" at its right edge).
func TestPicturesKeepTheirTextInside(t *testing.T) {
	withSink(t)
	for _, spec := range []string{"sim:1", "sim", "sim:3", "sim:5", "sim:8", "sim:16", "sim:nvswitch8", "sim:pcie4", "sim:nvlink2", "sim:gh200"} {
		use(t, spec)
		svg, _ := Topology().MIMEBundle().Data[display.MIMESVG].(string)
		if svg == "" {
			// A large picture's SVG travels only in its HTML: in the script that puts it
			html, _ := Topology().MIMEBundle().Data[display.MIMEHTML].(string)
			// in place of its PNG, or as an SVG image.
			if _, js, ok := strings.Cut(html, "e.outerHTML="); ok {
				json.NewDecoder(strings.NewReader(js)).Decode(&svg)
			} else if _, b64, ok := strings.Cut(html, "data:image/svg+xml;base64,"); ok {
				b64, _, _ = strings.Cut(b64, `"`)
				raw, _ := base64.StdEncoding.DecodeString(b64)
				svg = string(raw)
			}
		}
		if svg == "" {
			t.Fatalf("%s: the topology has no SVG picture", spec)
		}
		checkTextInside(t, spec+" topology", svg)
		lat, err := MeasureFlagLatency()
		if err != nil {
			t.Fatal(err)
		}
		checkTextInside(t, spec+" latency heatmap", svgOf(lat.MIMEBundle()))
		bw, err := MeasureCopyBandwidth(MeasureBytes(4<<10), MeasureRepeats(1))
		if err != nil {
			t.Fatal(err)
		}
		checkTextInside(t, spec+" bandwidth heatmap", svgOf(bw.MIMEBundle()))
	}
	// Long names and a measured matrix's figures.
	long := display.MatrixHeatmap{Title: "x", RowLabels: []string{"a very long row label", "b"},
		ColLabels: []string{"a very long column label", "b"}, Values: [][]float64{{2977, 13.2}, {0.4, 2534}}, Unit: "µs"}
	checkTextInside(t, "long labels", svgOf(long.MIMEBundle()))
}

// The colour bar of a heatmap has ticks: its ends and round values between them, not one
// label (the latency heatmap of two GPUs had "2000" alone).
func TestHeatmapColourBarHasTicks(t *testing.T) {
	for _, values := range [][][]float64{
		{{2977, 13.2}, {0.4, 2534}},
		{{0.75, 1.2}, {1.2, 0.75}},
		{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}},
	} {
		m := display.MatrixHeatmap{Title: "t", Values: values, Unit: "µs", LowIsGood: true}
		svg := svgOf(m.MIMEBundle())
		_, _, _, _, texts, err := svgtest.Texts(svg)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, row := range values {
			for _, v := range row {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		// Tick labels are the texts right of the bar: after the unit, in order, top down.
		var ticks []svgtest.Text
		unitX := -1.0
		for _, st := range texts {
			if st.Text == "µs" {
				unitX = st.X
			}
		}
		for _, st := range texts {
			if unitX >= 0 && st.X > unitX && st.Anchor == "start" && st.Text != "µs" {
				ticks = append(ticks, st)
			}
		}
		if len(ticks) < 3 {
			t.Errorf("%v: %d tick labels, want the ends and values between: %v", values, len(ticks), ticks)
			continue
		}
		top, _ := strconv.ParseFloat(ticks[0].Text, 64)
		bottom, _ := strconv.ParseFloat(ticks[len(ticks)-1].Text, 64)
		if math.Abs(top-hi) > 0.01*hi || math.Abs(bottom-lo) > 0.01*math.Max(lo, 1e-9) {
			t.Errorf("%v: the bar runs from %q to %q, want %v to %v", values, ticks[len(ticks)-1].Text, ticks[0].Text, lo, hi)
		}
		for i := 1; i < len(ticks); i++ {
			if ticks[i].Y-ticks[i-1].Y < 12 {
				t.Errorf("%v: tick labels %q and %q overlap", values, ticks[i-1].Text, ticks[i].Text)
			}
		}
	}
}
