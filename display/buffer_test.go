package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"math"
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

func TestComputeStatsAndMerge(t *testing.T) {
	vals := []float64{1, 2, 3, 4, math.NaN(), math.Inf(1), 10, -2}
	s := ComputeStats(vals)
	want := Stats{Count: 8, Min: -2, Max: 10, Mean: 3, NaN: 1, Inf: 1}
	if s.Count != want.Count || s.Min != want.Min || s.Max != want.Max || s.Mean != want.Mean || s.NaN != 1 || s.Inf != 1 {
		t.Errorf("stats = %+v, want %+v", s, want)
	}
	// Population std of 1 2 3 4 10 -2 (mean 3): sqrt((4+1+0+1+49+25)/6).
	if d := s.Std - math.Sqrt(80.0/6); math.Abs(d) > 1e-12 {
		t.Errorf("std = %v, want %v", s.Std, math.Sqrt(80.0/6))
	}
	for split := 0; split <= len(vals); split++ {
		m := ComputeStats(vals[:split]).Merge(ComputeStats(vals[split:]))
		if m.Count != s.Count || m.Min != s.Min || m.Max != s.Max || m.NaN != 1 || m.Inf != 1 ||
			math.Abs(m.Mean-s.Mean) > 1e-12 || math.Abs(m.Std-s.Std) > 1e-12 {
			t.Errorf("merge at %d = %+v, want %+v", split, m, s)
		}
	}
	empty := ComputeStats([]float64{math.NaN()})
	if empty.Count != 1 || !math.IsNaN(empty.Mean) || !math.IsNaN(empty.Min) || empty.NaN != 1 {
		t.Errorf("stats of only NaN = %+v", empty)
	}
}

func TestEnvelopeOf(t *testing.T) {
	vals := []float64{1, 5, 2, 8, math.NaN(), math.NaN(), 3, 3, 4, 6}
	e := EnvelopeOf(vals, 5)
	wantMin := []float64{1, 2, math.NaN(), 3, 4}
	wantMax := []float64{5, 8, math.NaN(), 3, 6}
	wantMean := []float64{3, 5, math.NaN(), 3, 5}
	for i := range wantMin {
		if !sameFloat(e.Min[i], wantMin[i]) || !sameFloat(e.Max[i], wantMax[i]) || !sameFloat(e.Mean[i], wantMean[i]) {
			t.Errorf("bin %d = %v %v %v, want %v %v %v", i, e.Min[i], e.Max[i], e.Mean[i], wantMin[i], wantMax[i], wantMean[i])
		}
	}
	if n := len(EnvelopeOf(vals, 100).Mean); n != len(vals) {
		t.Errorf("more bins than values gave %d bins, want %d", n, len(vals))
	}
	r := EnvelopeOf(vals, 5).reduce(2)
	if len(r.Mean) != 2 || r.Min[0] != 1 || r.Max[0] != 8 || r.Max[1] != 6 {
		t.Errorf("reduce(2) = %+v", r)
	}
}

func TestGridOf(t *testing.T) {
	// 4 x 6, reduced to 2 x 3: each cell is the mean of a 2 x 2 block.
	vals := make([]float64, 24)
	for i := range vals {
		vals[i] = float64(i)
	}
	vals[0] = math.NaN()
	g := GridOf(vals, 4, 6, 2, 3)
	want := []float64{(1 + 6 + 7) / 3.0, (2 + 3 + 8 + 9) / 4.0, (4 + 5 + 10 + 11) / 4.0,
		(12 + 13 + 18 + 19) / 4.0, (14 + 15 + 20 + 21) / 4.0, (16 + 17 + 22 + 23) / 4.0}
	if g.Rows != 2 || g.Cols != 3 {
		t.Fatalf("grid %dx%d, want 2x3", g.Rows, g.Cols)
	}
	for i := range want {
		if math.Abs(g.Values[i]-want[i]) > 1e-12 {
			t.Errorf("cell %d = %v, want %v", i, g.Values[i], want[i])
		}
	}
	if bad := GridOf(vals, 5, 6, 2, 2); bad.valid() {
		t.Errorf("a grid of too few values is valid: %+v", bad)
	}
}

func sameFloat(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }

// wireSize is the size of b as a kernel sends it: JSON without HTML escaping.
func wireSize(t *testing.T, b Bundle) int {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b); err != nil {
		t.Fatalf("bundle doesn't encode as JSON: %v", err)
	}
	return buf.Len()
}

// checkBufferBundle checks what every buffer rendering has, and returns HTML and text.
func checkBufferBundle(t *testing.T, b Bundle) (string, string) {
	t.Helper()
	h, ok := b.Data[MIMEHTML].(string)
	if !ok {
		t.Fatalf("no HTML in %v", keys(b))
	}
	checkXML(t, "buffer HTML", h)
	if svg, ok := b.Data[MIMESVG].(string); ok {
		if root := checkXML(t, "buffer SVG", svg); root != "svg" {
			t.Errorf("SVG root element is %q", root)
		}
	}
	if n := wireSize(t, b); n >= MaxOutputBytes {
		t.Errorf("bundle is %d bytes on the wire, want < %d", n, MaxOutputBytes)
	}
	return h, textOf(t, b)
}

func TestBufferViewSmall1D(t *testing.T) {
	vals := []float64{1.5, -2, math.NaN(), 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17.25}
	v := BufferView{Name: "x", DType: "float32", Shape: []int{len(vals)}, Device: "GPU0 NVIDIA H200",
		Shared: true, SharedWith: []string{"GPU1", "GPU2"}, Stats: ComputeStats(vals), Values: vals}
	h, txt := checkBufferBundle(t, v.MIMEBundle())
	for _, want := range []string{"<b>x</b>", "float32[17]", "68 B", "GPU0 NVIDIA H200", "shared with GPU1, GPU2",
		"<table", ">17.25<", ">NaN<", ">-2<", ">16</th>"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	if n := len(regexp.MustCompile(`<td[^>]*>[^<]`).FindAllString(h, -1)); n != len(vals) {
		t.Errorf("table has %d value cells, want %d", n, len(vals))
	}
	if !strings.HasPrefix(txt, "x float32[17] (68 B) on GPU0 NVIDIA H200, shared with GPU1, GPU2\ncount=17 min=-2 max=17.25") ||
		!strings.Contains(txt, "NaN=1 Inf=0") || !strings.Contains(txt, "17.25") {
		t.Errorf("text = %q", txt)
	}
}

func TestBufferViewSmall2DAndMoreDims(t *testing.T) {
	vals := make([]float64, 3*4)
	for i := range vals {
		vals[i] = float64(i * 10)
	}
	v := BufferView{Name: "m", DType: "int32", Shape: []int{3, 4}, Device: "sim0", Simulated: true,
		Stats: ComputeStats(vals), Values: vals}
	h, txt := checkBufferBundle(t, v.MIMEBundle())
	if n := strings.Count(h, "<tr>"); n != 4 {
		t.Errorf("2-D table has %d rows, want 4 (header and 3)", n)
	}
	if !strings.Contains(h, "simulated") || !strings.Contains(h, "not shared") {
		t.Errorf("header lacks simulated/not shared")
	}
	if !strings.Contains(txt, "   0  10  20  30 \n") || !strings.Contains(txt, "  80  90 100 110 \n") {
		t.Errorf("text rows = %q", txt)
	}
	v3 := BufferView{DType: "float64", Shape: []int{2, 2, 3}, Values: make([]float64, 12), Stats: ComputeStats(make([]float64, 12))}
	h3, _ := checkBufferBundle(t, v3.MIMEBundle())
	if !strings.Contains(h3, ">1, 0</th>") || strings.Count(h3, "<tr>") != 5 {
		t.Errorf("3-D table doesn't show rows as (i, j)")
	}
}

func TestBufferViewLarge1D(t *testing.T) {
	const n = 64 << 20 // a 256 MiB float32 buffer
	env := &Envelope{Min: make([]float64, EnvelopeBins), Max: make([]float64, EnvelopeBins), Mean: make([]float64, EnvelopeBins)}
	for i := range env.Mean {
		env.Mean[i] = math.Sin(float64(i) / 40)
		env.Min[i], env.Max[i] = env.Mean[i]-0.5, env.Mean[i]+0.5
	}
	env.Min[100], env.Max[100], env.Mean[100] = math.NaN(), math.NaN(), math.NaN()
	v := BufferView{Name: "big", DType: "float32", Shape: []int{n}, Device: "GPU3",
		Stats: Stats{Count: n, Min: -1.5, Max: 1.5, Mean: 0, Std: 0.7, NaN: 131072}, Envelope: env}
	b := v.MIMEBundle()
	h, txt := checkBufferBundle(t, b)
	svg, ok := b.Data[MIMESVG].(string)
	if !ok || !showsPicture(h, svg) {
		t.Fatalf("no SVG line plot, or the HTML doesn't show it")
	}
	// Two band pieces and two mean pieces around the empty bin.
	if n := strings.Count(svg, "Z"); n != 2 {
		t.Errorf("band has %d closed pieces, want 2 (split at the NaN bin)", n)
	}
	for _, want := range []string{"256 MiB", "67,108,864 elements in 512 bins", ">131,072<"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	if !strings.Contains(txt, "▁") || !strings.Contains(txt, "(mean per bin)") {
		t.Errorf("text has no sparkline: %q", txt)
	}
}

func TestBufferViewLarge2D(t *testing.T) {
	// Worst case for size: a full-size grid of noise.
	rng := rand.New(rand.NewSource(7))
	g := &Grid{Rows: GridSize, Cols: GridSize, Values: make([]float64, GridSize*GridSize)}
	for i := range g.Values {
		g.Values[i] = rng.Float64()
	}
	g.Values[5] = math.NaN()
	v := BufferView{Name: "noise", DType: "float32", Shape: []int{8192, 8192}, Device: "GPU0",
		Stats: Stats{Count: 8192 * 8192, Min: 0, Max: 1, Mean: 0.5, Std: 0.29}, Grid: g}
	b := v.MIMEBundle()
	h, txt := checkBufferBundle(t, b)
	img := embeddedPNG(t, pictureSVG(t, b))
	if img.Bounds().Dx() != GridSize || img.Bounds().Dy() != GridSize {
		t.Errorf("heatmap image is %v, want one pixel a cell", img.Bounds())
	}
	if !strings.Contains(h, "8,192 × 8,192 elements shown as 256 × 256 cells (mean of about 32 × 32 each)") ||
		!strings.Contains(pictureSVG(t, b), "no value") {
		t.Errorf("HTML lacks the caption or the NaN legend")
	}
	if strings.Count(txt, "|\n") != 12 {
		t.Errorf("text shade map = %q", txt)
	}
	// A grid larger than GridSize is reduced before drawing.
	big := GridOf(make([]float64, 1024*600), 1024, 600, 1024, 600)
	v.Grid, v.Shape = big, []int{1024, 600}
	b = v.MIMEBundle()
	checkBufferBundle(t, b)
	if img := embeddedPNG(t, pictureSVG(t, b)); img.Bounds().Dx() != GridSize || img.Bounds().Dy() != GridSize {
		t.Errorf("a 1024x600 grid drew as %v, want %dx%d", img.Bounds(), GridSize, GridSize)
	}
}

var dataPNG = regexp.MustCompile(`data:image/png;base64,([A-Za-z0-9+/=]+)`)

func embeddedPNG(t *testing.T, s string) interface{ Bounds() imageRect } {
	t.Helper()
	m := dataPNG.FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no embedded PNG")
	}
	raw, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("embedded PNG doesn't decode: %v", err)
	}
	return boundsOnly{img.Bounds().Dx(), img.Bounds().Dy()}
}

type imageRect struct{ w, h int }

func (r imageRect) Dx() int { return r.w }
func (r imageRect) Dy() int { return r.h }

type boundsOnly struct{ w, h int }

func (b boundsOnly) Bounds() imageRect { return imageRect{b.w, b.h} }

func TestBufferViewComputesWhatItLacks(t *testing.T) {
	// Large values and no reduction: the view reduces them itself.
	vals := make([]float64, 5000)
	for i := range vals {
		vals[i] = float64(i % 97)
	}
	v := BufferView{DType: "float64", Stats: ComputeStats(vals), Values: vals}
	b := v.MIMEBundle()
	if svg := pictureSVG(t, b); !strings.Contains(svg, "element index") {
		t.Errorf("5000 values without an envelope drew no line plot")
	}
	v2 := BufferView{DType: "float64", Shape: []int{50, 100}, Stats: ComputeStats(vals), Values: vals}
	b2 := v2.MIMEBundle()
	checkBufferBundle(t, b2)
	if img := embeddedPNG(t, pictureSVG(t, b2)); img.Bounds().Dx() != 100 || img.Bounds().Dy() != 50 {
		t.Errorf("50x100 values drew a %dx%d heatmap", img.Bounds().Dx(), img.Bounds().Dy())
	}
	// Nothing to show, and malformed reductions: no panic, a clear note.
	for _, bad := range []BufferView{
		{DType: "float32", Shape: []int{1 << 20}},
		{DType: "float32", Envelope: &Envelope{Min: []float64{1}, Max: []float64{1, 2}, Mean: nil}},
		{DType: "float32", Shape: []int{10, 10}, Grid: &Grid{Rows: 3, Cols: 3, Values: []float64{1}}},
		{Shape: []int{-3, 4}},
	} {
		h, _ := checkBufferBundle(t, bad.MIMEBundle())
		if !strings.Contains(h, "no element values available") {
			t.Errorf("view %+v: HTML lacks the no-values note", bad)
		}
	}
}

func TestBufferViewBoundsHugeText(t *testing.T) {
	many := make([]string, 50000)
	for i := range many {
		many[i] = "GPU-with-a-long-name"
	}
	v := BufferView{Name: strings.Repeat("n", 300000), DType: "float32", Shared: true, SharedWith: many,
		Values: []float64{1, 2}, Stats: ComputeStats([]float64{1, 2})}
	b := v.MIMEBundle()
	if n := bundleBytes(b); n > MaxOutputBytes {
		t.Errorf("bundle is %d bytes, want at most %d", n, MaxOutputBytes)
	}
	textOf(t, b)
}

func TestNiceTicksAndFormats(t *testing.T) {
	ticks, step := niceTicks(0, 1, 5)
	if step != 0.2 || len(ticks) != 6 || ticks[0] != 0 || math.Abs(ticks[5]-1) > 1e-12 {
		t.Errorf("niceTicks(0,1) = %v step %v", ticks, step)
	}
	if got := formatTick(0.25, 0.25); got != "0.25" {
		t.Errorf("formatTick(0.25, 0.25) = %q", got)
	}
	if got := formatTick(7.5, 2.5); got != "7.5" {
		t.Errorf("formatTick(7.5, 2.5) = %q", got)
	}
	for n, want := range map[float64]string{0: "0 B", 1536: "1.5 KiB", 256 << 20: "256 MiB", 141 << 30: "141 GiB"} {
		if got := formatBytes(n); got != want {
			t.Errorf("formatBytes(%v) = %q, want %q", n, got, want)
		}
	}
	if got := groupDigits(-1234567); got != "-1,234,567" {
		t.Errorf("groupDigits = %q", got)
	}
	if got := formatCount(1.5e6); got != "1.5M" {
		t.Errorf("formatCount(1.5e6) = %q", got)
	}
}

// largeViews are BufferViews of a 256 MiB float32 buffer with their reductions given, as the
// gpu package makes them.
func largeViews() map[string]BufferView {
	rng := rand.New(rand.NewSource(3))
	env := &Envelope{Min: make([]float64, EnvelopeBins), Max: make([]float64, EnvelopeBins), Mean: make([]float64, EnvelopeBins)}
	for i := range env.Mean {
		env.Mean[i] = math.Sin(float64(i)/30) + 0.1*rng.NormFloat64()
		env.Min[i], env.Max[i] = env.Mean[i]-1-rng.Float64(), env.Mean[i]+1+rng.Float64()
	}
	smooth := &Grid{Rows: GridSize, Cols: GridSize, Values: make([]float64, GridSize*GridSize)}
	noise := &Grid{Rows: GridSize, Cols: GridSize, Values: make([]float64, GridSize*GridSize)}
	for i := range smooth.Values {
		smooth.Values[i] = math.Sin(float64(i/GridSize)/20) * math.Cos(float64(i%GridSize)/30)
		noise.Values[i] = rng.Float64()
	}
	st := Stats{Count: 64 << 20, Min: -3, Max: 3, Mean: 0, Std: 1}
	return map[string]BufferView{
		"1d":        {Name: "x", DType: "float32", Shape: []int{64 << 20}, Device: "GPU0", Stats: st, Envelope: env},
		"2d-smooth": {Name: "m", DType: "float32", Shape: []int{8192, 8192}, Device: "GPU0", Stats: st, Grid: smooth},
		"2d-noise":  {Name: "m", DType: "float32", Shape: []int{8192, 8192}, Device: "GPU0", Stats: st, Grid: noise},
	}
}

func BenchmarkBufferViewLarge(b *testing.B) {
	for name, v := range largeViews() {
		b.Run(name, func(b *testing.B) {
			size := 0
			for i := 0; i < b.N; i++ {
				size = bundleBytes(v.MIMEBundle())
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// Buffers of every size around the table's and the reduction's thresholds, filled as the
// gpu package fills them (a Reduction), with values whose text is long, render with their
// HTML (a table or a picture, never a fall back to raw text) within MaxOutputBytes, and
// their text stays short enough for a terminal.
func TestBufferViewAnySizeFitsWithHTML(t *testing.T) {
	shapes := [][]int{}
	for _, n := range []int{1, 16, 255, 256, 257, 900, 950, 1000, 1023, 1024, 1025, 4096, 1 << 20} {
		shapes = append(shapes, []int{n})
	}
	shapes = append(shapes, []int{32, 32}, []int{16, 16}, []int{2, 512}, []int{512, 2}, []int{1, 1024},
		[]int{4, 4, 64}, []int{100, 9}, []int{1024, 1024})
	for _, shape := range shapes {
		for _, dtype := range []string{"float32", "int32"} {
			n := 1
			for _, d := range shape {
				n *= d
			}
			vals := make([]float64, n)
			for i := range vals {
				if dtype == "int32" {
					vals[i] = float64(-2147483000 + i*7919%1000000)
				} else {
					vals[i] = math.Sin(float64(i)/7) * 1e-7 * (1 + float64(i%13)/17)
				}
			}
			if n > 3 {
				vals[3] = math.NaN()
			}
			r, err := NewReduction(shape)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Add(0, vals); err != nil {
				t.Fatal(err)
			}
			v := BufferView{Name: "b", DType: dtype, Shape: shape, Device: "sim0", Simulated: true}
			r.Fill(&v)
			b := v.MIMEBundle()
			h, ok := b.Data[MIMEHTML].(string)
			if !ok {
				t.Errorf("%s%v: no HTML (the bundle fell back to %v)", dtype, shape, keys(b))
				continue
			}
			table, picture := strings.Contains(h, "<table"), strings.Contains(h, "data:image/")
			if table == picture {
				t.Errorf("%s%v: HTML shows table=%v picture=%v, want one", dtype, shape, table, picture)
			}
			if table && n > tableValues {
				t.Errorf("%s%v: %d values as a table, want a picture past %d", dtype, shape, n, tableValues)
			}
			if table && strings.Contains(h, "<td style") {
				t.Errorf("%s%v: table cells carry inline styles", dtype, shape)
			}
			if size := wireSize(t, b); size > MaxOutputBytes {
				t.Errorf("%s%v: %d bytes, over the budget of %d", dtype, shape, size, MaxOutputBytes)
			}
			if txt := textOf(t, b); len(txt) > 8<<10 {
				t.Errorf("%s%v: text/plain is %d bytes, want a summary under 8 KiB", dtype, shape, len(txt))
			}
		}
	}
}

// A buffer's line plot labels the ticks around its data: a sine's -0.99999 and 0.99999 get
// -1.0 and 1.0 (the axis ended unlabelled past ±0.5).
func TestBufferLinePlotLabelsItsEnds(t *testing.T) {
	vals := make([]float64, 1024)
	for i := range vals {
		vals[i] = math.Sin(float64(i) / 30)
	}
	v := Array(vals, len(vals))
	_, env, _ := v.form()
	d, _ := v.envelopeSVG(env)
	for _, want := range []string{">-1.0<", ">1.0<"} {
		if !strings.Contains(d.String(), want) {
			t.Errorf("the y axis has no %s tick label", strings.Trim(want, "<>"))
		}
	}
}
