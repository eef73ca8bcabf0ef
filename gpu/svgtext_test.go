package gpu

import (
	"encoding/xml"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"

	"github.com/peerbook/peerbook/display"
)

// The pictures name Liberation Sans (metric-compatible with Arimo and Arial) first; these
// tests measure their text with that font's real metrics, as a browser with it draws them.
var (
	testFonts = font.NewCache(liberation.Collection())
	testSans  = testFonts.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, 1)
	testBold  = testFonts.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans", Weight: xfont.WeightBold}, 1)
)

// svgText is a <text> element of an SVG picture.
type svgText struct {
	X, Y      float64
	Anchor    string
	Size      float64
	Bold      bool
	Transform string
	Text      string
}

var (
	viewBoxRe = regexp.MustCompile(`viewBox="0 0 ([0-9.]+) ([0-9.]+)"`)
	rotateRe  = regexp.MustCompile(`^rotate\((-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+)\)$`)
)

// svgTexts returns the picture's width and height (its viewBox) and its text elements.
func svgTexts(t *testing.T, svg string) (w, h float64, texts []svgText) {
	t.Helper()
	m := viewBoxRe.FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("no viewBox in %.200s", svg)
	}
	w, _ = strconv.ParseFloat(m[1], 64)
	h, _ = strconv.ParseFloat(m[2], 64)
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "text" {
			continue
		}
		st := svgText{Anchor: "start", Size: 12}
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "x":
				st.X, _ = strconv.ParseFloat(a.Value, 64)
			case "y":
				st.Y, _ = strconv.ParseFloat(a.Value, 64)
			case "text-anchor":
				st.Anchor = a.Value
			case "font-size":
				st.Size, _ = strconv.ParseFloat(a.Value, 64)
			case "font-weight":
				n, _ := strconv.Atoi(a.Value)
				st.Bold = n >= 600 || a.Value == "bold"
			case "transform":
				st.Transform = a.Value
			}
		}
		var content struct {
			Text string `xml:",chardata"`
		}
		if err := dec.DecodeElement(&content, &se); err != nil {
			t.Fatal(err)
		}
		st.Text = html.UnescapeString(content.Text)
		texts = append(texts, st)
	}
	return w, h, texts
}

// checkTextInside fails for every text element of svg that reaches outside its viewBox.
func checkTextInside(t *testing.T, name, svg string) {
	t.Helper()
	w, h, texts := svgTexts(t, svg)
	if len(texts) == 0 {
		t.Errorf("%s: no text", name)
	}
	for _, st := range texts {
		face := testSans
		if st.Bold {
			face = testBold
		}
		width := float64(face.Width(st.Text)) * st.Size
		ext := testSans.Extents()
		ascent, descent := float64(ext.Ascent)*st.Size, float64(ext.Descent)*st.Size
		x0 := st.X
		switch st.Anchor {
		case "middle":
			x0 -= width / 2
		case "end":
			x0 -= width
		}
		// The text's box, then its corners turned by a rotation about a point.
		corners := [][2]float64{{x0, st.Y - ascent}, {x0 + width, st.Y - ascent}, {x0, st.Y + descent}, {x0 + width, st.Y + descent}}
		if st.Transform != "" {
			m := rotateRe.FindStringSubmatch(st.Transform)
			if m == nil {
				t.Errorf("%s: %q: a transform this test can't follow: %s", name, st.Text, st.Transform)
				continue
			}
			deg, _ := strconv.ParseFloat(m[1], 64)
			cx, _ := strconv.ParseFloat(m[2], 64)
			cy, _ := strconv.ParseFloat(m[3], 64)
			sin, cos := math.Sincos(deg * math.Pi / 180)
			for i, c := range corners {
				dx, dy := c[0]-cx, c[1]-cy
				corners[i] = [2]float64{cx + dx*cos - dy*sin, cy + dx*sin + dy*cos}
			}
		}
		for _, c := range corners {
			if c[0] < -0.05 || c[0] > w+0.05 || c[1] < -0.05 || c[1] > h+0.05 {
				t.Errorf("%s: %q (%s at x=%v y=%v, %.1f px wide) reaches (%.1f, %.1f), outside the %vx%v picture",
					name, st.Text, st.Anchor, st.X, st.Y, width, c[0], c[1], w, h)
				break
			}
		}
	}
}

// Every text of every preset's topology picture, and of the measurement heatmaps drawn on
// it, lies inside the picture (sim:pcie4's legend once ended in "si" at its right edge).
func TestPicturesKeepTheirTextInside(t *testing.T) {
	withSink(t)
	for _, spec := range []string{"sim:1", "sim", "sim:3", "sim:5", "sim:8", "sim:16", "sim:nvswitch8", "sim:pcie4", "sim:nvlink2"} {
		use(t, spec)
		svg, _ := Topology().MIMEBundle().Data[display.MIMESVG].(string)
		if svg == "" {
			html, _ := Topology().MIMEBundle().Data[display.MIMEHTML].(string)
			if i := strings.Index(html, "<svg"); i >= 0 {
				svg = html[i:]
				svg = svg[:strings.Index(svg, "</svg>")+len("</svg>")]
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
		_, _, texts := svgTexts(t, svg)
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, row := range values {
			for _, v := range row {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		// Tick labels are the texts right of the bar: after the unit, in order, top down.
		var ticks []svgText
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
