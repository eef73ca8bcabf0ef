package plot

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/peerbook/peerbook/display/internal/axis"
	"github.com/peerbook/peerbook/display/internal/colour"
)

// pngDPI renders PNGs at twice the CSS pixel density (a CSS pixel is 1/96 inch).
const pngDPI = 192

// companionDPI renders the PNG that goes beside a chart's SVG (for front ends that show
// no SVG: untrusted notebooks, GitHub) at the CSS pixel density, as package display's
// pictures do: it shares the output with the SVG.
const companionDPI = 96

// seriesColours is the colour cycle of lines, points and bars (Tableau 10).
var seriesColours = []color.RGBA{rgb(0x1f77b4), rgb(0xff7f0e), rgb(0x2ca02c), rgb(0xd62728), rgb(0x9467bd),
	rgb(0x8c564b), rgb(0xe377c2), rgb(0x7f7f7f), rgb(0xbcbd22), rgb(0x17becf)}

var (
	inkColour   = rgb(0x212121)
	mutedColour = rgb(0x616161)
	axisColour  = rgb(0x9e9e9e)
	gridColour  = rgb(0xeeeeee)
	nanColour   = rgb(0xd0d0d0)
	sansFont    = font.Font{Typeface: "Liberation", Variant: "Sans"}
)

func rgb(hex uint32) color.RGBA { return colour.RGB(hex) }

// px converts CSS pixels to gonum's points (1/72 inch).
func px(v float64) vg.Length { return vg.Length(v * 72 / 96) }

// render draws the chart as PNG (at dpi) or SVG bytes.
func (p *Plot) render(asPNG bool, dpi int) (data []byte, err error) {
	if p == nil {
		return nil, fmt.Errorf("plot: nil plot")
	}
	if p.err != nil {
		return nil, p.err
	}
	if p.bars == nil && p.heat == nil && len(p.series) == 0 {
		return nil, fmt.Errorf("plot: nothing to draw")
	}
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, fmt.Errorf("plot: drawing failed: %v", r)
		}
	}()
	w, h := px(float64(p.width)), px(float64(p.height))
	var canvas vg.CanvasWriterTo
	if asPNG {
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi))}
	} else {
		canvas = vgsvg.New(w, h)
	}
	dc := draw.New(canvas)
	switch {
	case p.heat != nil:
		err = p.drawHeatmap(dc)
	case p.bars != nil:
		err = p.drawBars(dc)
	default:
		err = p.drawSeries(dc)
	}
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := canvas.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("plot: encoding: %w", err)
	}
	if asPNG {
		return buf.Bytes(), nil
	}
	return fixSVGFonts(buf.Bytes()), nil
}

// fixSVGFonts gives the SVG's font family fallbacks, so browsers without Liberation Sans
// (which gonum measures text with) use a metric-compatible sans-serif font, not a serif.
// It also labels embedded PNG images as PNG (gonum calls them JPEG, which some SVG
// renderers refuse).
func fixSVGFonts(svg []byte) []byte {
	svg = bytes.ReplaceAll(svg, []byte("data:image/jpg;base64,iVBOR"), []byte("data:image/png;base64,iVBOR"))
	return bytes.ReplaceAll(svg, []byte("font-family:Liberation Sans;"),
		[]byte("font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;"))
}

// newGonumPlot returns a gonum plot with this package's look.
func (p *Plot) newGonumPlot() *gonum.Plot {
	g := gonum.New()
	style := func(s *text.Style, size float64, c color.Color) {
		s.Font = font.From(sansFont, px(size))
		s.Color = c
	}
	for _, a := range []*gonum.Axis{&g.X, &g.Y} {
		a.Tick.Marker = niceTicks{}
		style(&a.Label.TextStyle, 12.5, mutedColour)
		style(&a.Tick.Label, 11.5, mutedColour)
		a.LineStyle.Color = axisColour
		a.Tick.LineStyle.Color = axisColour
		a.Padding = px(2)
	}
	g.X.Label.Text = p.xLabel
	g.Y.Label.Text = p.yLabel
	return g
}

// pad draws g into dc with a margin around.
func pad(dc draw.Canvas) draw.Canvas {
	return draw.Crop(dc, px(6), -px(14), px(4), -px(8))
}

// seriesName is the legend name of series i.
func (p *Plot) seriesName(i int) string {
	if i < len(p.names) {
		return p.names[i]
	}
	return "series " + strconv.Itoa(i)
}

// drawSeries draws lines and points.
func (p *Plot) drawSeries(dc draw.Canvas) error {
	g := p.newGonumPlot()
	if err := p.checkLog(); err != nil {
		return err
	}
	if p.logX {
		g.X.Scale, g.X.Tick.Marker = gonum.LogScale{}, logTicks{}
	}
	if p.logY {
		g.Y.Scale, g.Y.Tick.Marker = gonum.LogScale{}, logTicks{}
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = gridColour, gridColour
	g.Add(grid)
	showLegend := len(p.series) > 1 || len(p.names) > 0
	var legend []legendEntry
	for i, s := range p.series {
		xys := make(plotter.XYs, 0, len(s.xs))
		for k := range s.xs {
			if finite(s.xs[k]) && finite(s.ys[k]) {
				xys = append(xys, plotter.XY{X: s.xs[k], Y: s.ys[k]})
			}
		}
		if len(xys) == 0 {
			return fmt.Errorf("plot: series %d has no finite point", i)
		}
		colour := seriesColours[i%len(seriesColours)]
		if s.scatter {
			sc, err := plotter.NewScatter(xys)
			if err != nil {
				return fmt.Errorf("plot: series %d: %w", i, err)
			}
			sc.GlyphStyle = draw.GlyphStyle{Color: colour, Radius: px(3), Shape: draw.CircleGlyph{}}
			g.Add(sc)
			legend = append(legend, legendEntry{p.seriesName(i), colour, true})
			continue
		}
		ln, err := plotter.NewLine(xys)
		if err != nil {
			return fmt.Errorf("plot: series %d: %w", i, err)
		}
		ln.LineStyle = draw.LineStyle{Color: colour, Width: px(2)}
		g.Add(ln)
		legend = append(legend, legendEntry{p.seriesName(i), colour, false})
	}
	if !showLegend {
		legend = nil
	}
	if !p.logY {
		roundOut(&g.Y)
	}
	g.Draw(pad(p.drawHeader(dc, legend)))
	return nil
}

// roundOut widens a linear axis to the ticks around its data, so that its lowest and
// highest values get a labelled tick (a sine's -0.99999 gets -1.0, not an axis ending
// unlabelled below -0.5).
func roundOut(a *gonum.Axis) {
	if !(a.Max > a.Min) || math.IsInf(a.Min, 0) || math.IsInf(a.Max, 0) {
		return
	}
	step := axis.Step(a.Min, a.Max, 6)
	a.Min = math.Floor(a.Min/step+1e-9) * step
	a.Max = math.Ceil(a.Max/step-1e-9) * step
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// checkLog checks that log axes get positive values only.
func (p *Plot) checkLog() error {
	for i, s := range p.series {
		for k := range s.xs {
			if p.logX && s.xs[k] <= 0 {
				return fmt.Errorf("plot.LogX: x values must be > 0; series %d, point %d has x = %v", i, k, s.xs[k])
			}
			if p.logY && s.ys[k] <= 0 {
				return fmt.Errorf("plot.LogY: y values must be > 0; series %d, point %d has y = %v", i, k, s.ys[k])
			}
		}
	}
	return nil
}

// drawBars draws a bar chart with the values over the bars.
func (p *Plot) drawBars(dc draw.Canvas) error {
	g := p.newGonumPlot()
	if p.logX || p.logY {
		return fmt.Errorf("plot: log axes are not available for bar charts")
	}
	n := len(p.bars.values)
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = gridColour
	g.Add(grid)
	width := px(float64(p.width)-90) / vg.Length(n) * 0.7
	bars, err := plotter.NewBarChart(plotter.Values(p.bars.values), width)
	if err != nil {
		return fmt.Errorf("plot.Bar: %w", err)
	}
	bars.Color = seriesColours[0]
	bars.LineStyle.Width = 0
	g.Add(bars)
	g.NominalX(p.bars.labels...)
	g.X.Tick.Label.Font.Size = px(11.5)
	longest := 0
	for _, l := range p.bars.labels {
		longest = max(longest, len([]rune(l)))
	}
	if float64(longest*7*n) > float64(p.width)-90 {
		g.X.Tick.Label.Rotation = math.Pi / 4
		g.X.Tick.Label.XAlign = draw.XRight
		g.X.Tick.Label.YAlign = draw.YCenter
	}
	if n <= 24 {
		xys := make(plotter.XYs, n)
		labels := make([]string, n)
		for i, v := range p.bars.values {
			xys[i] = plotter.XY{X: float64(i), Y: v}
			labels[i] = trimZeros(formatSignificant(v, 3))
		}
		lab, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
		if err != nil {
			return fmt.Errorf("plot.Bar: %w", err)
		}
		for i := range lab.TextStyle {
			lab.TextStyle[i].Font = font.From(sansFont, px(11))
			lab.TextStyle[i].Color = mutedColour
			lab.TextStyle[i].XAlign = draw.XCenter
			if p.bars.values[i] < 0 {
				lab.TextStyle[i].YAlign = draw.YTop
			}
		}
		lab.Offset = vg.Point{Y: px(3)}
		g.Add(lab)
	}
	// Keep 0 on the axis and leave room for the value labels.
	lo, hi := 0.0, 0.0
	for _, v := range p.bars.values {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	span := hi - lo
	if span == 0 {
		span = 1
	}
	g.Y.Min, g.Y.Max = lo-0.08*span*b2f(lo < 0), hi+0.08*span
	g.Draw(pad(p.drawHeader(dc, nil)))
	return nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// formatSignificant writes v with digits significant digits, without an exponent for
// values between 1e-4 and 1e9.
func formatSignificant(v float64, digits int) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case v == 0 || math.IsInf(v, 0):
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	a := math.Abs(v)
	if a < 1e-4 || a >= 1e9 {
		return strconv.FormatFloat(v, 'g', digits, 64)
	}
	dec := max(digits-1-int(math.Floor(math.Log10(a))), 0)
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// trimZeros drops trailing zeros after a decimal point ("51.0" -> "51").
func trimZeros(s string) string {
	if !strings.Contains(s, ".") || strings.ContainsAny(s, "eE") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// heatGrid adapts a matrix to gonum's GridXYZ, row 0 at the top.
type heatGrid [][]float64

func (m heatGrid) Dims() (c, r int)   { return len(m[0]), len(m) }
func (m heatGrid) Z(c, r int) float64 { return m[len(m)-1-r][c] }
func (m heatGrid) X(c int) float64    { return float64(c) }
func (m heatGrid) Y(r int) float64    { return float64(r) }

// viridisMap is the viridis colour map as gonum's palette.ColorMap.
type viridisMap struct{ min, max, alpha float64 }

func (m *viridisMap) At(v float64) (color.Color, error) {
	if v < m.min || v > m.max || math.IsNaN(v) {
		return nil, fmt.Errorf("plot: value %v outside [%v, %v]", v, m.min, m.max)
	}
	return colour.Viridis.At((v - m.min) / (m.max - m.min)), nil
}
func (m *viridisMap) Max() float64       { return m.max }
func (m *viridisMap) SetMax(v float64)   { m.max = v }
func (m *viridisMap) Min() float64       { return m.min }
func (m *viridisMap) SetMin(v float64)   { m.min = v }
func (m *viridisMap) Alpha() float64     { return m.alpha }
func (m *viridisMap) SetAlpha(a float64) { m.alpha = a }
func (m *viridisMap) Palette(n int) palette.Palette {
	cs := make([]color.Color, n)
	for i := range cs {
		cs[i] = colour.Viridis.At(float64(i) / float64(max(n-1, 1)))
	}
	return colourList(cs)
}

type colourList []color.Color

func (c colourList) Colors() []color.Color { return c }

// drawHeatmap draws the matrix, values in the cells when they fit, and a colour bar.
func (p *Plot) drawHeatmap(dc draw.Canvas) error {
	if p.logX || p.logY {
		return fmt.Errorf("plot: log axes are not available for heatmaps")
	}
	m := p.heat.matrix
	rows, cols := len(m), len(m[0])
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range m {
		for _, v := range row {
			if finite(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if lo > hi {
		lo, hi = 0, 1
	}
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}
	cmap := &viridisMap{min: lo, max: hi, alpha: 1}

	g := p.newGonumPlot()
	hm := plotter.NewHeatMap(heatGrid(m), cmap.Palette(256))
	hm.Min, hm.Max = lo, hi
	hm.NaN = nanColour
	hm.Underflow, hm.Overflow = colour.Viridis.At(0), colour.Viridis.At(1)
	hm.Rasterized = rows*cols > 2500
	g.Add(hm)
	g.X.Padding, g.Y.Padding = 0, 0
	rowNames := make([]string, rows)
	for r := range rowNames {
		rowNames[r] = strconv.Itoa(r)
		if p.heat.rowLabels != nil {
			rowNames[r] = p.heat.rowLabels[r]
		}
	}
	rev := make([]string, rows)
	for r := range rowNames {
		rev[rows-1-r] = rowNames[r]
	}
	if rows <= 40 {
		g.NominalY(rev...)
	} else {
		g.Y.Tick.Marker = indexTicks{n: rows, reversed: true}
	}
	if cols <= 40 {
		colNames := make([]string, cols)
		for c := range colNames {
			colNames[c] = strconv.Itoa(c)
			if p.heat.colLabels != nil {
				colNames[c] = p.heat.colLabels[c]
			}
		}
		g.NominalX(colNames...)
	} else {
		g.X.Tick.Marker = indexTicks{n: cols}
	}
	for _, a := range []*gonum.Axis{&g.X, &g.Y} {
		a.Tick.Label.Font.Size = px(11.5)
		a.LineStyle.Width = 0
		a.Tick.LineStyle.Width = 0
	}

	// Values in cells, when the cells are big enough for them.
	barW := px(80)
	main := draw.Crop(pad(p.drawHeader(dc, nil)), 0, -barW, 0, 0)
	cellW := float64(p.width-150) / float64(cols)
	cellH := float64(p.height-80) / float64(rows)
	if cellW >= 30 && cellH >= 16 && rows*cols <= 900 {
		xys := make(plotter.XYs, 0, rows*cols)
		var labels []string
		var styles []text.Style
		size := math.Min(12, math.Max(8.5, cellH*0.45))
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				v := m[r][c]
				xys = append(xys, plotter.XY{X: float64(c), Y: float64(rows - 1 - r)})
				labels = append(labels, p.heat.cellText(v))
				ink := color.Color(inkColour)
				if finite(v) && lightText(colour.Viridis.At((v-lo)/(hi-lo))) {
					ink = color.White
				}
				styles = append(styles, text.Style{Color: ink, Font: font.From(sansFont, px(size)),
					XAlign: draw.XCenter, YAlign: draw.YCenter, Handler: g.TextHandler})
			}
		}
		lab, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
		if err != nil {
			return fmt.Errorf("plot.Heatmap: %w", err)
		}
		lab.TextStyle = styles
		g.Add(lab)
	}
	g.Draw(main)

	// The colour bar, level with the data area, ticks on its right.
	data := g.DataCanvas(main)
	x0, x1 := main.Max.X+px(14), main.Max.X+px(28)
	const slices = 64
	h := data.Max.Y - data.Min.Y
	for i := 0; i < slices; i++ {
		y0 := data.Min.Y + h*vg.Length(i)/slices
		y1 := data.Min.Y + h*vg.Length(i+1)/slices + px(0.5)
		dc.FillPolygon(colour.Viridis.At((float64(i)+0.5)/slices), []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
	}
	tickStyle := text.Style{Color: mutedColour, Font: font.From(sansFont, px(11)), YAlign: draw.YCenter, Handler: g.TextHandler}
	for _, t := range (niceTicks{}).Ticks(lo, hi) {
		if t.Label == "" || t.Value < lo || t.Value > hi {
			continue
		}
		y := data.Min.Y + h*vg.Length((t.Value-lo)/(hi-lo))
		dc.StrokeLine2(draw.LineStyle{Color: axisColour, Width: px(1)}, x1, y, x1+px(4), y)
		dc.FillText(tickStyle, vg.Point{X: x1 + px(7), Y: y}, t.Label)
	}
	return nil
}

// cellText formats a heatmap cell value.
func (h *heatData) cellText(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	if h.format != "" {
		return fmt.Sprintf(h.format, v)
	}
	return formatSignificant(v, 3)
}

// lightText reports whether text on background c should be white rather than black.
func lightText(c color.RGBA) bool {
	return 0.2126*float64(c.R)+0.7152*float64(c.G)+0.0722*float64(c.B) < 140
}

// indexTicks marks about 6 round row or column indices of a large heatmap.
type indexTicks struct {
	n        int
	reversed bool // rows: index 0 at the top
}

func (t indexTicks) Ticks(min, max float64) []gonum.Tick {
	step := 1
search:
	for mag := 1; mag <= 1<<30; mag *= 10 {
		for _, s := range []int{1, 2, 5} {
			if s*mag*6 >= t.n {
				step = s * mag
				break search
			}
		}
	}
	var ticks []gonum.Tick
	for i := 0; i < t.n; i += step {
		pos := float64(i)
		if t.reversed {
			pos = float64(t.n - 1 - i)
		}
		ticks = append(ticks, gonum.Tick{Value: pos, Label: strconv.Itoa(i)})
	}
	return ticks
}

// legendEntry is one series in the legend.
type legendEntry struct {
	name   string
	colour color.Color
	points bool
}

// drawHeader draws the title and a row of legend entries at the top of dc, and returns the
// rest of dc for the chart.
func (p *Plot) drawHeader(dc draw.Canvas, legend []legendEntry) draw.Canvas {
	top := dc.Max.Y - px(6)
	centre := (dc.Min.X + dc.Max.X) / 2
	room := dc.Max.X - dc.Min.X - px(12)
	if p.title != "" {
		// A title wider than the picture is set smaller (down to 11 px), then cut.
		size, title := 15.0, p.title
		st := text.Style{Color: inkColour, Font: font.From(sansFont, px(size)), XAlign: draw.XCenter, YAlign: draw.YTop,
			Handler: text.Plain{Fonts: font.DefaultCache}}
		for st.Width(title) > room && size > 11 {
			size--
			st.Font = font.From(sansFont, px(size))
		}
		for r := []rune(title); st.Width(title) > room && len(r) > 1; {
			r = r[:len(r)-1]
			title = strings.TrimRight(string(r), " ") + "…"
		}
		dc.FillText(st, vg.Point{X: centre, Y: top}, title)
		top -= px(24)
	}
	if len(legend) > 0 {
		st := text.Style{Color: inkColour, Font: font.From(sansFont, px(12)), YAlign: draw.YCenter,
			Handler: text.Plain{Fonts: font.DefaultCache}}
		width := func() vg.Length {
			total := vg.Length(0)
			for _, e := range legend {
				total += px(18+6+14) + st.Width(e.name)
			}
			return total - px(14)
		}
		for size := 12.0; width() > room && size > 9; { // a wide legend is set smaller
			size--
			st.Font = font.From(sansFont, px(size))
		}
		total := width() + px(14)
		x := centre - (total-px(14))/2
		y := top - px(8)
		for _, e := range legend {
			if e.points {
				dc.DrawGlyph(draw.GlyphStyle{Color: e.colour, Radius: px(3.5), Shape: draw.CircleGlyph{}}, vg.Point{X: x + px(9), Y: y})
			} else {
				dc.StrokeLine2(draw.LineStyle{Color: e.colour, Width: px(2.5)}, x, y, x+px(18), y)
			}
			dc.FillText(st, vg.Point{X: x + px(24), Y: y}, e.name)
			x += px(18+6+14) + st.Width(e.name)
		}
		top -= px(20)
	}
	return draw.Crop(dc, 0, 0, 0, top-dc.Max.Y)
}

// niceTicks labels round values, about 6 of them, compactly ("200k", "1.5M").
type niceTicks struct{}

func (niceTicks) Ticks(min, max float64) []gonum.Tick {
	if !(max > min) {
		return []gonum.Tick{{Value: min, Label: compact(min, 1)}}
	}
	step := axis.Step(min, max, 6)
	var ticks []gonum.Tick
	for _, v := range axis.Ticks(min, max, step, 0) {
		ticks = append(ticks, gonum.Tick{Value: v, Label: compact(v, step)})
	}
	return ticks
}

// compact formats a tick value: SI suffixes from 10 000 on, otherwise as many decimals
// as the step needs.
func compact(v, step float64) string {
	a := math.Abs(v)
	for _, u := range []struct {
		f float64
		s string
	}{{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e4, "k"}} {
		if a >= u.f || (u.s == "k" && a >= 1e3 && step >= 1e3) {
			f := u.f
			if u.s == "k" {
				f = 1e3
			}
			return strconv.FormatFloat(v/f, 'f', -1, 64) + u.s
		}
	}
	if a != 0 && a < 1e-3 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return strconv.FormatFloat(v, 'f', axis.Decimals(step), 64)
}

// logTicks marks powers of ten (labelled) and their multiples (not labelled); over less
// than two decades, 2x and 5x are labelled too.
type logTicks struct{}

func (logTicks) Ticks(min, max float64) []gonum.Tick {
	if min <= 0 || max <= 0 || !(max >= min) {
		return nil
	}
	lo, hi := int(math.Floor(math.Log10(min))), int(math.Ceil(math.Log10(max)))
	few := hi-lo <= 2
	var ticks []gonum.Tick
	for e := lo; e <= hi; e++ {
		base := math.Pow(10, float64(e))
		for m := 1; m < 10; m++ {
			v := base * float64(m)
			if v < min*(1-1e-9) || v > max*(1+1e-9) {
				continue
			}
			label := ""
			if m == 1 || (few && (m == 2 || m == 5)) {
				label = compact(v, v)
			}
			ticks = append(ticks, gonum.Tick{Value: v, Label: label})
		}
	}
	return ticks
}
