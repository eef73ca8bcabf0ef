package plot

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"

	"github.com/peerbook/peerbook/display"
)

// checkSVG fails unless data is a well-formed SVG document, and returns its text.
func checkSVG(t *testing.T, data []byte) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
	return string(data)
}

func samplePlots() map[string]*Plot {
	xs := []float64{1, 10, 100, 1000, 1e4}
	m := [][]float64{{math.NaN(), 389.5, 12}, {391, math.NaN(), 7.25}}
	return map[string]*Plot{
		"line":    Line(xs, []float64{1, 2, 4, 8, 16}, []float64{2, 3, 5, 7, 11}).Names("pow", "primes").Title("Growth").XLabel("size").YLabel("value").LogX(),
		"scatter": Scatter(nil, []float64{3, 1, 4, 1, 5}).Title("pi digits"),
		"bar":     Bar([]string{"H2D", "D2H", "D2D"}, []float64{51, 55, 2118}).Title("memcpy").YLabel("GB/s"),
		"heatmap": Heatmap(m, []string{"GPU0", "GPU1"}, []string{"a", "b", "c"}).Title("P2P"),
	}
}

func TestPlotsRenderSVG(t *testing.T) {
	wants := map[string][]string{
		"line":    {"Growth", "size", "value", "pow", "primes", ">1k<", ">10k<"},
		"scatter": {"pi digits"},
		"bar":     {"memcpy", "GB/s", ">H2D<", ">2118<", ">51<"},
		"heatmap": {">P2P<", ">GPU0<", ">GPU1<", ">390<", ">7.25<", ">–<"},
	}
	for name, p := range samplePlots() {
		t.Run(name, func(t *testing.T) {
			data, err := p.SVG()
			if err != nil {
				t.Fatal(err)
			}
			svg := checkSVG(t, data)
			for _, w := range wants[name] {
				if !strings.Contains(svg, w) {
					t.Errorf("SVG lacks %q", w)
				}
			}
			if strings.Contains(svg, "font-family:Liberation Sans;") {
				t.Errorf("SVG fonts have no fallback")
			}
			if len(data) > 100_000 {
				t.Errorf("SVG is %d bytes", len(data))
			}
			b := p.MIMEBundle()
			if b.Data[display.MIMESVG] != string(data) {
				t.Errorf("bundle's SVG differs from SVG()")
			}
			if txt, _ := b.Data[display.MIMEText].(string); !strings.HasPrefix(txt, "[") {
				t.Errorf("text/plain = %q", txt)
			}
		})
	}
}

func TestPlotsRenderPNG(t *testing.T) {
	for name, p := range samplePlots() {
		t.Run(name, func(t *testing.T) {
			b := p.Size(300, 200).Format("png").MIMEBundle()
			s, ok := b.Data[display.MIMEPNG].(string)
			if !ok {
				t.Fatalf("no PNG in %v", b.Data[display.MIMEText])
			}
			raw, _ := base64.StdEncoding.DecodeString(s)
			img, err := png.Decode(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("PNG doesn't decode: %v", err)
			}
			if img.Bounds().Dx() != 600 || img.Bounds().Dy() != 400 {
				t.Errorf("PNG is %v, want 600x400 (twice 300x200)", img.Bounds())
			}
			if md := b.Metadata[display.MIMEPNG].(map[string]any); md["width"] != 300 || md["height"] != 200 {
				t.Errorf("PNG metadata = %v, want the CSS size", md)
			}
		})
	}
}

func TestPlotErrorsShowInsteadOfCrashing(t *testing.T) {
	cases := map[string]struct {
		p    *Plot
		want string
	}{
		"lengths":     {Line([]float64{1, 2}, []float64{1}), "plot.Line: series 0 has 1 y values for 2 x values"},
		"no ys":       {Scatter([]float64{1}), "plot.Scatter: no y values given"},
		"empty":       {Line(nil, []float64{}), "plot.Line: series 0 is empty"},
		"log":         {Line([]float64{0, 1}, []float64{1, 2}).LogX(), "plot.LogX: x values must be > 0; series 0, point 0 has x = 0"},
		"all nan":     {Line(nil, []float64{math.NaN()}), "plot: series 0 has no finite point"},
		"bar labels":  {Bar([]string{"a"}, []float64{1, 2}), "plot.Bar: 1 labels for 2 values"},
		"bar nan":     {Bar(nil, []float64{1, math.Inf(1)}), `plot.Bar: value 1 ("1") is +Inf`},
		"ragged":      {Heatmap([][]float64{{1, 2}, {3}}, nil, nil), "plot.Heatmap: row 1 has 1 values, row 0 has 2"},
		"row labels":  {Heatmap([][]float64{{1}}, []string{"a", "b"}, nil), "plot.Heatmap: 2 row labels for 1 rows"},
		"size":        {Line(nil, []float64{1}).Size(10, 10), "plot.Size: 10 x 10 is out of range"},
		"format":      {Line(nil, []float64{1}).Format("gif"), `plot.Format: unknown format "gif"`},
		"add to bars": {Bar(nil, []float64{1}).AddLine(nil, []float64{1}), "plot.AddLine: can't add lines or points"},
		"heat log":    {Heatmap([][]float64{{1}}, nil, nil).LogY(), "plot: log axes are not available for heatmaps"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := c.p.SVG()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error = %v, want %q", err, c.want)
			}
			b := c.p.MIMEBundle()
			if txt := b.Data[display.MIMEText].(string); !strings.Contains(txt, c.want) {
				t.Errorf("bundle text = %q", txt)
			}
			if _, ok := b.Data[display.MIMEHTML]; !ok {
				t.Errorf("error bundle has no HTML")
			}
		})
	}
	var nilPlot *Plot
	if nilPlot.Err() == nil || !strings.Contains(nilPlot.MIMEBundle().Data[display.MIMEText].(string), "nil plot") {
		t.Errorf("nil plot isn't an error")
	}
}

func TestPlotEdgeCases(t *testing.T) {
	// Equal values, one cell, NaN cells, a large raster heatmap: all render.
	big := make([][]float64, 120)
	for i := range big {
		big[i] = make([]float64, 90)
		for j := range big[i] {
			big[i][j] = float64(i * j)
		}
	}
	for name, p := range map[string]*Plot{
		"flat line":    Line(nil, []float64{2, 2, 2}),
		"one cell":     Heatmap([][]float64{{5}}, nil, nil),
		"all nan heat": Heatmap([][]float64{{math.NaN(), math.NaN()}}, nil, nil),
		"negative bar": Bar(nil, []float64{-3, 2}),
		"big heatmap":  Heatmap(big, nil, nil),
		"log y":        Line(nil, []float64{1, 10, 100}).LogY(),
	} {
		data, err := p.SVG()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		checkSVG(t, data)
		if _, err := p.PNG(); err != nil {
			t.Errorf("%s PNG: %v", name, err)
		}
	}
}

func TestSave(t *testing.T) {
	dir := t.TempDir()
	p := Bar(nil, []float64{1, 2})
	for _, name := range []string{"a.svg", "b.PNG"} {
		if err := p.Save(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s not written", name)
		}
	}
	if err := p.Save(filepath.Join(dir, "c.gif")); err == nil || !strings.Contains(err.Error(), "unknown extension") {
		t.Errorf("Save .gif: %v", err)
	}
}

func TestTicks(t *testing.T) {
	got := []string{}
	for _, tk := range (logTicks{}).Ticks(1000, 1e9) {
		if tk.Label != "" {
			got = append(got, tk.Label)
		}
	}
	if strings.Join(got, " ") != "1k 10k 100k 1M 10M 100M 1G" {
		t.Errorf("log tick labels = %v", got)
	}
	got = got[:0]
	for _, tk := range (niceTicks{}).Ticks(0, 1.2) {
		got = append(got, tk.Label)
	}
	if strings.Join(got, " ") != "0.0 0.2 0.4 0.6 0.8 1.0 1.2" {
		t.Errorf("linear tick labels = %v", got)
	}
	if compact(250000, 50000) != "250k" || compact(1.5e6, 5e5) != "1.5M" {
		t.Errorf("compact = %q %q", compact(250000, 50000), compact(1.5e6, 5e5))
	}
}

// TestCellAPIUnderYaegi runs the API as a notebook cell does, through the yaegi
// interpreter: variadic []float64 series, chained options, the result a display.Renderer.
func TestCellAPIUnderYaegi(t *testing.T) {
	i := interp.New(interp.Options{})
	exports := interp.Exports{
		"github.com/peerbook/peerbook/display/plot/plot": {
			"Line":    reflect.ValueOf(Line),
			"Scatter": reflect.ValueOf(Scatter),
			"Bar":     reflect.ValueOf(Bar),
			"Heatmap": reflect.ValueOf(Heatmap),
			"Plot":    reflect.ValueOf((*Plot)(nil)),
		},
	}
	if err := i.Use(exports); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(`import "github.com/peerbook/peerbook/display/plot"`); err != nil {
		t.Fatal(err)
	}
	cells := []string{
		`plot.Line([]float64{1, 2, 4}, []float64{1, 4, 16}, []float64{2, 3, 5}).Title("t").XLabel("x").YLabel("y").Names("a", "b").LogX()`,
		`xs := []float64{}
ys := []float64{}
for k := 0; k < 50; k++ {
	xs = append(xs, float64(k))
	ys = append(ys, float64(k*k))
}
plot.Scatter(xs, ys).AddLine(xs, ys).Format("png")`,
		`plot.Bar([]string{"a", "b"}, []float64{1, 2})`,
		`plot.Heatmap([][]float64{{1, 2}, {3, 4}}, []string{"r0", "r1"}, nil).CellFormat("%.1f")`,
	}
	for _, src := range cells {
		v, err := i.Eval(src)
		if err != nil {
			t.Fatalf("cell %q: %v", src, err)
		}
		r, ok := v.Interface().(display.Renderer)
		if !ok {
			t.Fatalf("cell value is a %T, not a display.Renderer", v.Interface())
		}
		b := r.MIMEBundle()
		_, svg := b.Data[display.MIMESVG]
		_, png := b.Data[display.MIMEPNG]
		if !svg && !png {
			t.Errorf("cell %q rendered %v", src, b.Data[display.MIMEText])
		}
	}
}

func BenchmarkPlotSVG(b *testing.B) {
	for name, p := range samplePlots() {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := p.SVG(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The y axis ends at labelled ticks around the data: a sine and a cosine over [0, 10) reach
// -0.99999, and the axis shows -1.0 (it ended unlabelled below -0.5).
func TestYAxisLabelsItsEnds(t *testing.T) {
	xs := make([]float64, 100)
	sin, cos := make([]float64, 100), make([]float64, 100)
	for i := range xs {
		xs[i] = float64(i) / 10
		sin[i], cos[i] = math.Sin(xs[i]), math.Cos(xs[i])
	}
	svg, err := Line(xs, sin, cos).Title("Two waves").SVG()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">-1.0<", ">1.0<"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the y axis has no %s tick label", strings.Trim(want, "<>"))
		}
	}
}
