package display

import (
	"fmt"
	"html"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// MaxOutputBytes bounds the size of what a BufferView renders (all MIME types together, as
// JSON strings without HTML escaping), whatever the size of the buffer.
const MaxOutputBytes = 200_000

// BufferView is what a buffer shows in a notebook: plain data that the gpu package fills
// (computing statistics and reductions on the device), rendered without knowing of gpu.
//
// Small buffers carry all their elements in Values; up to tableValues (256) of them show as a
// table, more as a line plot (1-D) or a heatmap (2-D and more) of the values. Large ones
// carry an Envelope (1-D) or a Grid (2-D and more) and show as a line plot or a heatmap.
// Every form shows a header (name, dtype, shape, device, sharing) and the statistics, and
// every size fits in MaxOutputBytes with its HTML: no buffer falls back to raw text.
type BufferView struct {
	Name       string   // what the buffer is called ("x"); "" for none
	DType      string   // element type: "float32", "int64", ...
	Shape      []int    // dimensions, row-major; empty: 1-D of Stats.Count elements
	Device     string   // where it lives: "GPU0 NVIDIA H200", "sim0", "host"
	Simulated  bool     // on a simulated device
	Shared     bool     // shared with peers (see the Peer contract)
	SharedWith []string // the devices that can reach it, when shared
	Stats      Stats
	// Values holds the elements, row-major, when there are at most MaxTableValues of them.
	Values []float64
	// Envelope is the reduction of a large 1-D buffer (see EnvelopeBins).
	Envelope *Envelope
	// Grid is the reduction of a large buffer of 2 or more dimensions, seen as a matrix of
	// prod(Shape[:n-1]) rows and Shape[n-1] columns (see GridSize).
	Grid *Grid
}

// dtypeBytes is the element size of the dtypes the gpu package knows.
var dtypeBytes = map[string]int{"int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "float16": 2,
	"bfloat16": 2, "int32": 4, "uint32": 4, "float32": 4, "int64": 8, "uint64": 8, "float64": 8}

// count is the number of elements of the buffer.
func (v *BufferView) count() int64 {
	if v.Stats.Count > 0 {
		return v.Stats.Count
	}
	if len(v.Shape) > 0 {
		n := int64(1)
		for _, d := range v.Shape {
			n *= int64(max(d, 0))
		}
		return n
	}
	return int64(len(v.Values))
}

// matrix returns the buffer as rows x cols: 1 x n for 1-D, prod(Shape[:n-1]) x
// Shape[n-1] otherwise; ok is false when the shape isn't a matrix shape.
func (v *BufferView) matrix() (rows, cols int64, ok bool) {
	if len(v.Shape) < 2 {
		return 1, v.count(), false
	}
	rows = 1
	for _, d := range v.Shape[:len(v.Shape)-1] {
		rows *= int64(max(d, 0))
	}
	return rows, int64(max(v.Shape[len(v.Shape)-1], 0)), true
}

// integral reports whether the elements are integers.
func (v *BufferView) integral() bool {
	return strings.HasPrefix(v.DType, "int") || strings.HasPrefix(v.DType, "uint")
}

// typeShape is "float32[256, 256]".
func (v *BufferView) typeShape() string {
	dims := make([]string, len(v.Shape))
	for i, d := range v.Shape {
		dims[i] = strconv.Itoa(d)
	}
	if len(dims) == 0 {
		dims = []string{strconv.FormatInt(v.count(), 10)}
	}
	t := v.DType
	if t == "" {
		t = "?"
	}
	return t + "[" + strings.Join(dims, ", ") + "]"
}

// sizeText is the buffer's size in bytes ("4 MiB"), "" when the dtype is unknown.
func (v *BufferView) sizeText() string {
	if s, ok := dtypeBytes[v.DType]; ok {
		return formatBytes(float64(v.count()) * float64(s))
	}
	return ""
}

// sharing says whether the buffer is shared and with whom.
func (v *BufferView) sharing() string {
	switch {
	case !v.Shared:
		return "not shared"
	case len(v.SharedWith) == 0:
		return "shared"
	}
	return "shared with " + strings.Join(v.SharedWith, ", ")
}

// bufferForm is how a BufferView shows its elements.
type bufferForm int

const (
	formNone bufferForm = iota
	formTable
	formHeatmap
	formLine
)

// form picks the form and the data for it, reducing what is too large.
func (v *BufferView) form() (bufferForm, *Envelope, *Grid) {
	rows, cols, is2D := v.matrix()
	nv := len(v.Values)
	switch {
	case nv > 0 && nv <= tableValues:
		return formTable, nil, nil
	case is2D && v.Grid.valid():
		return formHeatmap, nil, v.Grid.reduce(GridSize)
	case is2D && nv > 0 && int64(nv) >= rows*cols:
		return formHeatmap, nil, GridOf(v.Values, int(rows), int(cols), GridSize, GridSize)
	case v.Envelope != nil:
		if _, ok := v.Envelope.bins(); ok && len(v.Envelope.Mean) > 0 {
			return formLine, v.Envelope.reduce(2 * EnvelopeBins), nil
		}
	}
	switch {
	case nv > 0:
		return formLine, EnvelopeOf(v.Values, EnvelopeBins), nil
	case v.Grid.valid():
		return formHeatmap, nil, v.Grid.reduce(GridSize)
	}
	return formNone, nil, nil
}

// MIMEBundle renders the buffer: HTML (header, table or picture, statistics), the picture
// alone as PNG and SVG when there is one (within MaxOutputBytes: picture.fit), and
// text/plain.
func (v BufferView) MIMEBundle() Bundle {
	form, env, grid := v.form()
	var doc *svgDoc
	var caption string
	switch form {
	case formHeatmap:
		doc, caption = v.heatmapSVG(grid)
	case formLine:
		doc, caption = v.envelopeSVG(env)
	}
	page := func(body string) string {
		return `<div style="font-family:` + fontStack + `;font-size:13px;line-height:1.45;max-width:820px">` +
			v.headerHTML() + body + v.statsHTML() + `</div>`
	}
	b := newBundle()
	b.Data[MIMEText] = v.text(form, env, grid)
	switch {
	case form == formTable:
		b.Data[MIMEHTML] = page(v.tableHTML())
	case doc != nil:
		note := `<div style="color:#757575;font-size:12px;margin-top:2px">` + html.EscapeString(caption) + `</div>`
		return doc.render().fit(b, func(pic string) string { return page(pic + note) }, MaxOutputBytes)
	case caption != "":
		b.Data[MIMEHTML] = page(`<div style="color:#757575">` + html.EscapeString(caption) + `</div>`)
	default:
		b.Data[MIMEHTML] = page(`<div style="color:#757575">no element values available</div>`)
	}
	return boundBundle(b, MaxOutputBytes)
}

// boundBundle drops the optional forms of b (first the standalone SVG, then the PNG, then
// HTML) while it is larger than limit, and cuts the text last.
func boundBundle(b Bundle, limit int) Bundle {
	for _, drop := range []string{MIMESVG, MIMEPNG, MIMEHTML} {
		if bundleBytes(b) <= limit {
			return b
		}
		delete(b.Data, drop)
	}
	if t, _ := b.Data[MIMEText].(string); bundleBytes(b) > limit {
		b.Data[MIMEText] = truncateText(t, limit/2)
	}
	return b
}

// bundleBytes is the size of b's data: the length of every string value.
func bundleBytes(b Bundle) int {
	n := 0
	for k, v := range b.Data {
		n += len(k)
		if s, ok := v.(string); ok {
			n += len(s)
		} else {
			n += len(fmt.Sprint(v))
		}
	}
	return n
}

// headerHTML is the line above the picture: name, dtype and shape, size, device, sharing.
func (v *BufferView) headerHTML() string {
	var b strings.Builder
	b.WriteString(`<div style="margin-bottom:6px">`)
	if v.Name != "" {
		b.WriteString(`<b>` + html.EscapeString(v.Name) + `</b> `)
	}
	b.WriteString(`<code style="font-family:` + monoStack + `">` + html.EscapeString(v.typeShape()) + `</code>`)
	if s := v.sizeText(); s != "" {
		b.WriteString(` <span style="color:#757575">` + s + `</span>`)
	}
	if v.Device != "" {
		b.WriteString(` · on <b>` + html.EscapeString(v.Device) + `</b>`)
	}
	if v.Simulated {
		b.WriteString(" " + badge("simulated", "#fff3e0", "#e65100"))
	}
	if v.Shared {
		b.WriteString(" " + badge(v.sharing(), "#e8f5e9", "#1b5e20"))
	} else {
		b.WriteString(" " + badge("not shared", "#eceff1", "#455a64"))
	}
	b.WriteString(`</div>`)
	return b.String()
}

// badge is a small rounded label.
func badge(text, bg, fg string) string {
	return `<span style="display:inline-block;padding:0 7px;border-radius:9px;font-size:11px;background:` + bg +
		`;color:` + fg + `">` + html.EscapeString(text) + `</span>`
}

// statsHTML is the row of statistics under the picture.
func (v *BufferView) statsHTML() string {
	s := v.Stats
	integral := v.integral()
	item := func(name, value string, alert bool) string {
		style := ""
		if alert {
			style = "color:#c62828;font-weight:600"
		}
		return `<span style="margin-right:14px;white-space:nowrap"><span style="color:#757575">` + name +
			`</span> <span style="font-family:` + monoStack + `;` + style + `">` + html.EscapeString(value) + `</span></span> `
	}
	var b strings.Builder
	b.WriteString(`<div style="margin-top:6px">`)
	b.WriteString(item("count", groupDigits(v.count()), false))
	b.WriteString(item("min", formatValue(s.Min, integral), false))
	b.WriteString(item("max", formatValue(s.Max, integral), false))
	b.WriteString(item("mean", formatValue(s.Mean, false), false))
	b.WriteString(item("std", formatValue(s.Std, false), false))
	b.WriteString(item("NaN", groupDigits(s.NaN), s.NaN > 0))
	b.WriteString(item("Inf", groupDigits(s.Inf), s.Inf > 0))
	b.WriteString(`</div>`)
	return b.String()
}

// tableCSS styles every buffer table, once per output: cells carry no inline style, so a
// table of TableValues elements stays a few kilobytes. Where a front end strips styles
// (untrusted notebooks), the table shows plain.
const tableCSS = `<style>.pb-bt{max-height:360px;overflow:auto;display:inline-block;max-width:100%;` +
	`border:1px solid rgba(128,128,128,0.25);border-radius:4px}` +
	`.pb-bt table{border-collapse:collapse;margin:0}` +
	`.pb-bt td,.pb-bt th{padding:1px 8px;text-align:right;font-family:` + monoStack + `;font-size:12px;white-space:nowrap}` +
	`.pb-bt th{color:#9e9e9e;font-weight:normal;background:rgba(128,128,128,0.08)}` +
	`.pb-bt td.x{color:#c62828}</style>`

// tableHTML shows the elements: a matrix for 2-D and more, rows of 16 for 1-D. NaN and
// infinite elements carry the class "x" (red).
func (v *BufferView) tableHTML() string {
	vals := v.Values
	rows, cols, is2D := v.matrix()
	var rowLabel func(r int) string
	if is2D && int64(len(vals)) == rows*cols && cols > 0 {
		rowLabel = func(r int) string { return v.rowIndex(r) }
	} else {
		cols = int64(min(16, len(vals)))
		rows = (int64(len(vals)) + cols - 1) / cols
		rowLabel = func(r int) string { return strconv.FormatInt(int64(r)*cols, 10) }
	}
	integral := v.integral()
	var b strings.Builder
	b.WriteString(tableCSS + `<div class="pb-bt"><table><thead><tr><th></th>`)
	for c := int64(0); c < cols; c++ {
		b.WriteString(`<th>` + strconv.FormatInt(c, 10) + `</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	for r := int64(0); r < rows; r++ {
		b.WriteString(`<tr><th>` + html.EscapeString(rowLabel(int(r))) + `</th>`)
		for c := int64(0); c < cols; c++ {
			i := r*cols + c
			switch {
			case i >= int64(len(vals)):
				b.WriteString(`<td></td>`)
			case math.IsNaN(vals[i]) || math.IsInf(vals[i], 0):
				b.WriteString(`<td class="x">` + formatValue(vals[i], integral) + `</td>`)
			default:
				b.WriteString(`<td>` + formatValue(vals[i], integral) + `</td>`)
			}
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
	if n := v.count(); int64(len(vals)) < n {
		fmt.Fprintf(&b, `<div style="color:#757575;font-size:12px">the first %s of %s elements</div>`,
			groupDigits(int64(len(vals))), groupDigits(n))
	}
	return b.String()
}

// rowIndex labels row r of the matrix view: "3" for 2-D, "1, 2" for 3-D.
func (v *BufferView) rowIndex(r int) string {
	lead := v.Shape[:len(v.Shape)-1]
	idx := make([]string, len(lead))
	for i := len(lead) - 1; i >= 0; i-- {
		d := max(lead[i], 1)
		idx[i] = strconv.Itoa(r % d)
		r /= d
	}
	return strings.Join(idx, ", ")
}

// envelopeSVG draws a 1-D envelope: the min-max band and the mean per bin.
func (v *BufferView) envelopeSVG(e *Envelope) (d *svgDoc, caption string) {
	nb, _ := e.bins()
	n := float64(v.count())
	if n < float64(nb) {
		n = float64(nb)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := 0; i < nb; i++ {
		for _, x := range []float64{e.Min[i], e.Max[i], e.Mean[i]} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	if lo > hi {
		lo, hi = -1, 1
	}
	if lo == hi {
		pad := math.Max(math.Abs(lo)*0.1, 0.5)
		lo, hi = lo-pad, hi+pad
	}
	// The axis ends at the ticks around the data, so its lowest and highest values get a
	// labelled tick.
	_, yStep := niceTicks(lo, hi, 5)
	if yStep > 0 {
		lo, hi = math.Floor(lo/yStep+1e-9)*yStep, math.Ceil(hi/yStep-1e-9)*yStep
	}
	yTicks, yStep := niceTicks(lo, hi, 5)
	pad := (hi - lo) * 0.03
	lo, hi = lo-pad, hi+pad

	const W, H, left, right, top, bottom = 680.0, 290.0, 70.0, 18.0, 30.0, 44.0
	pw, ph := W-left-right, H-top-bottom
	px := func(x float64) float64 { return left + x/n*pw }
	py := func(y float64) float64 { return top + (hi-y)/(hi-lo)*ph }

	d = new(svgDoc)
	d.begin(W, H)
	for _, t := range yTicks {
		y := py(t)
		d.line(left, y, left+pw, y, "#eeeeee", 1, shape{})
		d.text(left-6, y+4, "end", 11, "#616161", formatTick(t, yStep), plain)
	}
	xTicks, _ := niceTicks(0, n, 6)
	for _, t := range xTicks {
		if t > n || t != math.Trunc(t) {
			continue
		}
		x := px(t)
		d.line(x, top+ph, x, top+ph+4, "#9e9e9e", 1, shape{})
		d.text(x, top+ph+17, "middle", 11, "#616161", formatCount(t), plain)
	}
	d.rect(left, top, pw, ph, "none", stroked("#bdbdbd", 0))

	// The band and the mean, one path piece per run of bins that have values.
	var band, mean pathData
	for i := 0; i < nb; {
		if math.IsNaN(e.Min[i]) || math.IsNaN(e.Max[i]) || math.IsNaN(e.Mean[i]) {
			i++
			continue
		}
		j := i
		for j < nb && !math.IsNaN(e.Min[j]) && !math.IsNaN(e.Max[j]) && !math.IsNaN(e.Mean[j]) {
			j++
		}
		xAt := func(k int) float64 {
			switch {
			case k == i && k == j-1:
				return float64(k) + 0.5
			case k == i:
				return float64(k)
			case k == j-1:
				return float64(k + 1)
			}
			return float64(k) + 0.5
		}
		binW := n / float64(nb)
		for k := i; k < j; k++ {
			x := xAt(k) * binW
			if i == j-1 { // a single bin: a short horizontal stroke across it
				band.moveTo(px(float64(k)*binW), py(e.Max[k]))
				band.lineTo(px(float64(k+1)*binW), py(e.Max[k]))
				band.lineTo(px(float64(k+1)*binW), py(e.Min[k]))
				band.lineTo(px(float64(k)*binW), py(e.Min[k]))
				band.close()
				mean.moveTo(px(float64(k)*binW), py(e.Mean[k]))
				mean.lineTo(px(float64(k+1)*binW), py(e.Mean[k]))
				break
			}
			if k == i {
				band.moveTo(px(x), py(e.Max[k]))
				mean.moveTo(px(x), py(e.Mean[k]))
			} else {
				band.lineTo(px(x), py(e.Max[k]))
				mean.lineTo(px(x), py(e.Mean[k]))
			}
		}
		if i < j-1 {
			for k := j - 1; k >= i; k-- {
				band.lineTo(px(xAt(k)*binW), py(e.Min[k]))
			}
			band.close()
		}
		i = j
	}
	const blue = "#1f77b4"
	d.path(&band, blue, shape{fillOpacity: 0.25, stroke: blue, strokeOpacity: 0.35, strokeWidth: 0.6})
	d.path(&mean, "none", shape{stroke: blue, strokeWidth: 1.4, svgOnly: ` stroke-linejoin="round"`})

	// Legend and axis title.
	d.rect(left+pw-210, 9, 16, 10, blue, shape{fillOpacity: 0.3})
	d.text(left+pw-189, 18, "start", 11, "#424242", "min–max per bin", plain)
	d.line(left+pw-86, 14, left+pw-70, 14, blue, 2, shape{})
	d.text(left+pw-65, 18, "start", 11, "#424242", "mean", plain)
	if v.Name != "" {
		d.text(left, 18, "start", 13, "#212121", v.Name, bold)
	}
	d.text(left+pw/2, H-8, "middle", 11, "#757575", "element index", plain)
	d.end()

	caption = fmt.Sprintf("%s elements in %d bins of about %s", groupDigits(int64(n)), nb,
		groupDigits(int64(math.Round(n/float64(nb)))))
	return d, caption
}

// formatCount formats an index axis value: 950, 12k, 1.5M.
func formatCount(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return strconv.FormatFloat(v/1e9, 'f', -1, 64) + "G"
	case a >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', -1, 64) + "M"
	case a >= 1e4:
		return strconv.FormatFloat(v/1e3, 'f', -1, 64) + "k"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// colourScale is how values map to colours in a heatmap.
type colourScale struct {
	m      colourMap
	lo, hi float64
}

// newColourScale picks the colour map for values in [lo, hi]: diverging around zero when
// the values have both signs in comparable amounts, viridis otherwise.
func newColourScale(lo, hi float64) colourScale {
	if math.IsNaN(lo) || math.IsNaN(hi) || lo > hi {
		return colourScale{m: viridis, lo: 0, hi: 1}
	}
	if lo < 0 && hi > 0 && math.Min(-lo, hi)/math.Max(-lo, hi) > 0.2 {
		m := math.Max(-lo, hi)
		return colourScale{m: blueRed, lo: -m, hi: m}
	}
	if lo == hi {
		pad := math.Max(math.Abs(lo)*0.01, 0.5)
		lo, hi = lo-pad, hi+pad
	}
	return colourScale{m: viridis, lo: lo, hi: hi}
}

func (s colourScale) t(v float64) float64 { return (v - s.lo) / (s.hi - s.lo) }

// heatmapSVG draws a 2-D grid as a picture: the cells as an embedded PNG (one pixel a cell,
// scaled without smoothing), index axes and a colour bar.
func (v *BufferView) heatmapSVG(g *Grid) (d *svgDoc, caption string) {
	rows, cols, _ := v.matrix()
	if rows < int64(g.Rows) || cols < int64(g.Cols) {
		rows, cols = int64(g.Rows), int64(g.Cols)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	nan := false
	for _, x := range g.Values {
		if math.IsNaN(x) {
			nan = true
			continue
		}
		if !math.IsInf(x, 0) {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	scale := newColourScale(lo, hi)
	if lo > hi {
		scale = newColourScale(0, 1)
	}

	// The cells, paletted: 254 colour steps and one for NaN, so noisy data stays small.
	const steps = 254
	pal := make(color.Palette, steps+1)
	for i := 0; i < steps; i++ {
		pal[i] = scale.m.At(float64(i) / (steps - 1))
	}
	pal[steps] = nanColour
	img := image.NewPaletted(image.Rect(0, 0, g.Cols, g.Rows), pal)
	for i, x := range g.Values {
		idx := uint8(steps)
		if !math.IsNaN(x) {
			idx = uint8(math.Round(clamp(scale.t(x), 0, 1) * (steps - 1)))
		}
		img.Pix[(i/g.Cols)*img.Stride+i%g.Cols] = idx
	}
	// The plot area keeps the buffer's aspect ratio within limits.
	const maxW, maxH, minSide = 520.0, 340.0, 60.0
	aspect := float64(rows) / float64(cols)
	pw, ph := maxW, maxW*aspect
	if ph > maxH {
		ph, pw = maxH, maxH/aspect
	}
	pw, ph = math.Max(pw, minSide), math.Max(ph, minSide)
	const left, top, bottom = 64.0, 30.0, 42.0
	W, H := left+pw+100, top+ph+bottom

	d = new(svgDoc)
	d.begin(W, H)
	if v.Name != "" {
		d.text(left, 18, "start", 13, "#212121", v.Name, bold)
	}
	if err := d.image(left, top, pw, ph, img); err != nil {
		return nil, "could not encode the heatmap: " + err.Error()
	}
	d.rect(left, top, pw, ph, "none", stroked("#9e9e9e", 0))
	indexTicks := func(n int64, maxTicks int) []float64 {
		ts, step := niceTicks(0, float64(n-1), maxTicks)
		if step < 1 {
			ts = ts[:0]
			for i := int64(0); i < n; i++ {
				ts = append(ts, float64(i))
			}
		}
		return ts
	}
	for _, t := range indexTicks(cols, int(pw/90)+1) {
		x := left + (t+0.5)/float64(cols)*pw
		d.line(x, top+ph, x, top+ph+4, "#9e9e9e", 1, shape{})
		d.text(x, top+ph+16, "middle", 11, "#616161", formatCount(t), plain)
	}
	for _, t := range indexTicks(rows, int(ph/50)+1) {
		y := top + (t+0.5)/float64(rows)*ph
		d.line(left-4, y, left, y, "#9e9e9e", 1, shape{})
		d.text(left-7, y+4, "end", 11, "#616161", formatCount(t), plain)
	}
	d.text(left+pw/2, H-6, "middle", 11, "#757575", "column", plain)
	rowTitle := "row"
	if len(v.Shape) > 2 {
		rowTitle = fmt.Sprintf("row (first %d dims)", len(v.Shape)-1)
	}
	d.text(16, top+ph/2, "middle", 11, "#757575", rowTitle, textStyle{rotate: -90})

	// The colour bar.
	bx, bw := left+pw+18, 14.0
	// The gradient's id names its colours, so that equal ids in one page mean equal gradients.
	gradID := "pb-cbar-viridis"
	if &scale.m[0] == &blueRed[0] {
		gradID = "pb-cbar-bluered"
	}
	d.colourBar(bx, top, bw, ph, gradID, scale.m, stroked("#9e9e9e", 0.5))
	ticks, step := niceTicks(scale.lo, scale.hi, int(ph/40)+1)
	integral := v.integral() && step >= 1
	for _, t := range ticks {
		y := top + (1-scale.t(t))*ph
		d.line(bx+bw, y, bx+bw+4, y, "#9e9e9e", 1, shape{})
		label := formatTick(t, step)
		if integral {
			label = formatValue(t, true)
		}
		d.text(bx+bw+7, y+4, "start", 11, "#616161", label, plain)
	}
	if nan {
		d.rect(bx, top+ph+10, bw, 10, hexColour(nanColour), shape{})
		d.text(bx+bw+7, top+ph+19, "start", 11, "#616161", "no value", plain)
	}
	d.end()

	method := g.Method
	if method == "" {
		method = "mean"
	}
	switch {
	case int64(g.Rows) == rows && int64(g.Cols) == cols:
		caption = fmt.Sprintf("%s × %s elements", groupDigits(rows), groupDigits(cols))
	default:
		caption = fmt.Sprintf("%s × %s elements shown as %d × %d cells (%s of about %s × %s each)",
			groupDigits(rows), groupDigits(cols), g.Rows, g.Cols, method,
			groupDigits((rows+int64(g.Rows)-1)/int64(g.Rows)), groupDigits((cols+int64(g.Cols)-1)/int64(g.Cols)))
	}
	return d, caption
}

// text is the text/plain form: header, statistics, then the elements, a sparkline of the
// envelope or a character shade map of the grid.
func (v *BufferView) text(form bufferForm, env *Envelope, grid *Grid) string {
	var b strings.Builder
	if v.Name != "" {
		b.WriteString(v.Name + " ")
	}
	b.WriteString(v.typeShape())
	if s := v.sizeText(); s != "" {
		b.WriteString(" (" + s + ")")
	}
	if v.Device != "" {
		b.WriteString(" on " + v.Device)
	}
	if v.Simulated {
		b.WriteString(" (simulated)")
	}
	b.WriteString(", " + v.sharing() + "\n")
	s, integral := v.Stats, v.integral()
	fmt.Fprintf(&b, "count=%d min=%s max=%s mean=%s std=%s NaN=%d Inf=%d\n", v.count(),
		formatValue(s.Min, integral), formatValue(s.Max, integral), formatValue(s.Mean, false),
		formatValue(s.Std, false), s.NaN, s.Inf)
	switch form {
	case formTable:
		b.WriteString(v.valuesText())
	case formLine:
		b.WriteString(sparkline(env.reduce(64).Mean) + "  (mean per bin)\n")
	case formHeatmap:
		b.WriteString(shadeMap(grid.reduce(48), 12))
	}
	return truncateText(b.String(), MaxTextBytes)
}

// valuesText prints the elements as Go prints slices, one row a line for 2-D and more.
func (v *BufferView) valuesText() string {
	integral := v.integral()
	strs := make([]string, len(v.Values))
	width := 0
	for i, x := range v.Values {
		strs[i] = formatValue(x, integral)
		width = max(width, len(strs[i]))
	}
	rows, cols, is2D := v.matrix()
	if !is2D || int64(len(v.Values)) != rows*cols || cols == 0 {
		cols = int64(max(1, 72/(width+1)))
		rows = (int64(len(strs)) + cols - 1) / cols
	}
	var b strings.Builder
	for r := int64(0); r < rows; r++ {
		b.WriteString("  ")
		for c := int64(0); c < cols && r*cols+c < int64(len(strs)); c++ {
			fmt.Fprintf(&b, "%*s ", width, strs[r*cols+c])
		}
		b.WriteString("\n")
	}
	if n := v.count(); int64(len(v.Values)) < n {
		fmt.Fprintf(&b, "  (the first %d of %d elements)\n", len(v.Values), n)
	}
	return b.String()
}

// sparkline draws values as block characters, one a value; NaN is a space.
func sparkline(values []float64) string {
	blocks := []rune("▁▂▃▄▅▆▇█")
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range values {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	out := make([]rune, len(values))
	for i, x := range values {
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			out[i] = ' '
		case hi == lo:
			out[i] = blocks[len(blocks)/2]
		default:
			out[i] = blocks[int(math.Round((x-lo)/(hi-lo)*float64(len(blocks)-1)))]
		}
	}
	return string(out)
}

// shadeMap draws a grid with characters from light to dark, at most maxRows lines.
func shadeMap(g *Grid, maxRows int) string {
	if g.Rows > maxRows {
		g = GridOf(g.Values, g.Rows, g.Cols, maxRows, g.Cols)
	}
	shades := " .:-=+*#%@"
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range g.Values {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	var b strings.Builder
	for r := 0; r < g.Rows; r++ {
		b.WriteString("  |")
		for c := 0; c < g.Cols; c++ {
			x := g.Values[r*g.Cols+c]
			switch {
			case math.IsNaN(x):
				b.WriteByte('?')
			case hi == lo:
				b.WriteByte(shades[len(shades)/2])
			default:
				b.WriteByte(shades[int(math.Round(clamp((x-lo)/(hi-lo), 0, 1)*float64(len(shades)-1)))])
			}
		}
		b.WriteString("|\n")
	}
	fmt.Fprintf(&b, "  (%s ' ' to %s '@')\n", formatValue(lo, false), formatValue(hi, false))
	return b.String()
}
