package display

import (
	"encoding/base64"
	"fmt"
	"html"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/display/internal/axis"
	"github.com/peerbook/peerbook/display/internal/colour"
)

// fontStack is the font family of every picture and table this package draws.
const fontStack = `system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`

// monoStack is the font family of numbers in tables.
const monoStack = `ui-monospace,SFMono-Regular,Menlo,Consolas,'DejaVu Sans Mono',monospace`

// svgDoc draws a picture once for two back ends: its SVG text (the Builder), and the same
// drawing as steps that a raster canvas replays for the PNG beside the SVG (raster.go:
// gonum/plot's vgimg image back end, so the PNG is drawn by gonum, not by this package).
// Every picture of this package is drawn through these methods; what only the SVG carries
// (tooltips, ids, data attributes for a script) goes in svgOnly fields and calls.
type svgDoc struct {
	strings.Builder
	w, h  float64
	steps []func(*raster)
}

// shape is how a rect, line or path is drawn besides its fill: presentation attributes
// that both back ends read, and what only the SVG carries.
type shape struct {
	stroke        string  // colour; "" for none
	strokeWidth   float64 // px; 0 means 1 where there is a stroke
	fillOpacity   float64 // 0 means opaque
	strokeOpacity float64 // 0 means opaque
	dash          []float64
	rx            float64 // corner radius of a rect
	svgOnly       string  // attributes for the SVG only (ids, data-, stroke-linecap, events)
	title         string  // the SVG's tooltip
}

// textStyle is how a text is drawn besides its size and colour.
type textStyle struct {
	bold    bool    // font-weight 600
	heavier bool    // font-weight 700
	rotate  float64 // degrees about (x, y), clockwise as in SVG
	svgOnly string  // attributes for the SVG only
}

var (
	plain = textStyle{}
	bold  = textStyle{bold: true}
)

// stroked is a shape outlined in colour c, w px wide.
func stroked(c string, w float64) shape { return shape{stroke: c, strokeWidth: w} }

// begin writes the <svg> element of a w x h picture that scales down to its container.
func (d *svgDoc) begin(w, h float64) {
	d.w, d.h = w, h
	fmt.Fprintf(d, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" `+
		`style="max-width:100%%;height:auto" font-family="%s" font-size="12">`,
		num(w), num(h), num(w), num(h), html.EscapeString(svgFontStack))
	fmt.Fprintf(d, `<rect width="%s" height="%s" fill="#ffffff"/>`, num(w), num(h))
}

func (d *svgDoc) end() { d.WriteString("</svg>") }

// svgOnly writes SVG that draws nothing the PNG needs: groups, tooltips, definitions.
func (d *svgDoc) svgOnly(s string) { d.WriteString(s) }

// group opens a <g> with the tooltip title (none when ""); groupEnd closes it.
func (d *svgDoc) group(attrs, title string) {
	d.WriteString(`<g` + attrs + `>`)
	if title != "" {
		d.WriteString(`<title>` + html.EscapeString(title) + `</title>`)
	}
}

func (d *svgDoc) groupEnd() { d.WriteString(`</g>`) }

// text writes s at (x, y); anchor is start, middle or end.
func (d *svgDoc) text(x, y float64, anchor string, size float64, fill, s string, st textStyle) {
	extra := st.svgOnly
	switch {
	case st.heavier:
		extra = ` font-weight="700"` + extra
	case st.bold:
		extra = ` font-weight="600"` + extra
	}
	if st.rotate != 0 {
		extra += fmt.Sprintf(` transform="rotate(%s %s %s)"`, num(st.rotate), num(x), num(y))
	}
	fmt.Fprintf(d, `<text x="%s" y="%s" text-anchor="%s" font-size="%s" fill="%s"%s>%s</text>`,
		num(x), num(y), anchor, num(size), fill, extra, html.EscapeString(s))
	d.steps = append(d.steps, func(r *raster) { r.text(x, y, anchor, size, fill, s, st) })
}

// line writes a straight line.
func (d *svgDoc) line(x1, y1, x2, y2 float64, stroke string, width float64, s shape) {
	s.stroke, s.strokeWidth = stroke, width
	fmt.Fprintf(d, `<line x1="%s" y1="%s" x2="%s" y2="%s"%s`, num(x1), num(y1), num(x2), num(y2), s.attrs())
	s.close(d, "line")
	var p pathData
	p.moveTo(x1, y1)
	p.lineTo(x2, y2)
	d.steps = append(d.steps, func(r *raster) { r.path(&p, "none", s) })
}

// rect writes a rectangle.
func (d *svgDoc) rect(x, y, w, h float64, fill string, s shape) {
	fmt.Fprintf(d, `<rect x="%s" y="%s" width="%s" height="%s"`, num(x), num(y), num(w), num(h))
	if s.rx > 0 {
		fmt.Fprintf(d, ` rx="%s"`, num(s.rx))
	}
	fmt.Fprintf(d, ` fill="%s"%s`, fill, s.attrs())
	s.close(d, "rect")
	p := rectPath(x, y, w, h, s.rx)
	d.steps = append(d.steps, func(r *raster) { r.path(p, fill, s) })
}

// path writes the outline p, filled with fill ("none" for none).
func (d *svgDoc) path(p *pathData, fill string, s shape) {
	fmt.Fprintf(d, `<path d="%s" fill="%s"%s`, p.svg.String(), fill, s.attrs())
	s.close(d, "path")
	d.steps = append(d.steps, func(r *raster) { r.path(p, fill, s) })
}

// image draws img scaled to w x h px without smoothing (one pixel a cell of a heatmap).
func (d *svgDoc) image(x, y, w, h float64, img image.Image) error {
	data, err := encodePNG(img)
	if err != nil {
		return err
	}
	fmt.Fprintf(d, `<image x="%s" y="%s" width="%s" height="%s" preserveAspectRatio="none" style="image-rendering:pixelated" image-rendering="optimizeSpeed" href="data:image/png;base64,%s"/>`,
		num(x), num(y), num(w), num(h), base64.StdEncoding.EncodeToString(data))
	d.steps = append(d.steps, func(r *raster) { r.image(x, y, w, h, img) })
	return nil
}

// colourBar fills the rectangle with the colours of m, t = 0 at the bottom to 1 at the top
// (an SVG gradient of 11 stops named id; equal ids in a page must mean equal gradients).
func (d *svgDoc) colourBar(x, y, w, h float64, id string, m colourMap, s shape) {
	d.WriteString(`<defs><linearGradient id="` + id + `" x1="0" y1="1" x2="0" y2="0">`)
	for i := 0; i <= 10; i++ {
		fmt.Fprintf(d, `<stop offset="%d%%" stop-color="%s"/>`, i*10, hexColour(m.At(float64(i)/10)))
	}
	d.WriteString(`</linearGradient></defs>`)
	fmt.Fprintf(d, `<rect x="%s" y="%s" width="%s" height="%s" fill="url(#%s)"%s`, num(x), num(y), num(w), num(h), id, s.attrs())
	s.close(d, "rect")
	d.steps = append(d.steps, func(r *raster) { r.colourBar(x, y, w, h, m, s) })
}

// attrs writes the shape's attributes.
func (s shape) attrs() string {
	var b strings.Builder
	if s.fillOpacity > 0 {
		b.WriteString(` fill-opacity="` + strconv.FormatFloat(s.fillOpacity, 'f', -1, 64) + `"`)
	}
	if s.stroke != "" {
		b.WriteString(` stroke="` + s.stroke + `"`)
		if s.strokeWidth > 0 {
			b.WriteString(` stroke-width="` + num(s.strokeWidth) + `"`)
		}
		if s.strokeOpacity > 0 {
			b.WriteString(` stroke-opacity="` + strconv.FormatFloat(s.strokeOpacity, 'f', -1, 64) + `"`)
		}
	}
	if len(s.dash) > 0 {
		ds := make([]string, len(s.dash))
		for i, v := range s.dash {
			ds[i] = num(v)
		}
		b.WriteString(` stroke-dasharray="` + strings.Join(ds, " ") + `"`)
	}
	b.WriteString(s.svgOnly)
	return b.String()
}

// close ends the element name whose attributes were written: with its tooltip, or "/>".
func (s shape) close(d *svgDoc, name string) {
	if s.title == "" {
		d.WriteString("/>")
		return
	}
	d.WriteString("><title>" + html.EscapeString(s.title) + "</title></" + name + ">")
}

// pathData is an outline: its SVG path data, and the same segments for the raster.
type pathData struct {
	svg  strings.Builder
	segs []pathSeg
}

// pathSeg is one segment: 'M', 'L', 'C' (pts: two controls, then the end) or 'Z'.
type pathSeg struct {
	op  byte
	pts [3][2]float64
}

func (p *pathData) moveTo(x, y float64) {
	fmt.Fprintf(&p.svg, "M%s,%s", num(x), num(y))
	p.segs = append(p.segs, pathSeg{op: 'M', pts: [3][2]float64{{x, y}}})
}

func (p *pathData) lineTo(x, y float64) {
	fmt.Fprintf(&p.svg, "L%s,%s", num(x), num(y))
	p.segs = append(p.segs, pathSeg{op: 'L', pts: [3][2]float64{{x, y}}})
}

func (p *pathData) curveTo(x1, y1, x2, y2, x, y float64) {
	fmt.Fprintf(&p.svg, "C%s,%s %s,%s %s,%s", num(x1), num(y1), num(x2), num(y2), num(x), num(y))
	p.segs = append(p.segs, pathSeg{op: 'C', pts: [3][2]float64{{x1, y1}, {x2, y2}, {x, y}}})
}

func (p *pathData) close() {
	p.svg.WriteString("Z")
	p.segs = append(p.segs, pathSeg{op: 'Z'})
}

// rectPath is the outline of a rectangle with corners of radius rx (SVG's rules: at most
// half of each side).
func rectPath(x, y, w, h, rx float64) *pathData {
	var p pathData
	rx = math.Min(rx, math.Min(w, h)/2)
	if rx <= 0 {
		p.moveTo(x, y)
		p.lineTo(x+w, y)
		p.lineTo(x+w, y+h)
		p.lineTo(x, y+h)
		p.close()
		return &p
	}
	// Quarter circles as cubic Béziers (k: the usual control distance).
	k := rx * 0.5523
	p.moveTo(x+rx, y)
	p.lineTo(x+w-rx, y)
	p.curveTo(x+w-rx+k, y, x+w, y+rx-k, x+w, y+rx)
	p.lineTo(x+w, y+h-rx)
	p.curveTo(x+w, y+h-rx+k, x+w-rx+k, y+h, x+w-rx, y+h)
	p.lineTo(x+rx, y+h)
	p.curveTo(x+rx-k, y+h, x, y+h-rx+k, x, y+h-rx)
	p.lineTo(x, y+rx)
	p.curveTo(x, y+rx-k, x+rx-k, y, x+rx, y)
	p.close()
	return &p
}

// num formats a coordinate with at most one decimal.
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "0"
	}
	s := strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// hexColour formats c as #rrggbb.
func hexColour(c color.RGBA) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// colourMap maps t in [0, 1] to a colour (colour.Map).
type colourMap = colour.Map

// lightText reports whether text on background c should be white rather than black.
func lightText(c color.RGBA) bool {
	lum := 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
	return lum < 140
}

func rgb(hex uint32) color.RGBA { return colour.RGB(hex) }

// viridis and blueRed are colour.Viridis and colour.BlueRed.
var (
	viridis = colour.Viridis
	blueRed = colour.BlueRed
)

// nanColour marks cells with no finite value.
var nanColour = color.RGBA{0xd0, 0xd0, 0xd0, 255}

// niceTicks returns about n round tick values covering [lo, hi] and their spacing.
func niceTicks(lo, hi float64, n int) ([]float64, float64) {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil, 0
	}
	if hi < lo {
		lo, hi = hi, lo
	}
	if hi == lo {
		return []float64{lo}, 0
	}
	if n < 2 {
		n = 2
	}
	step := axis.Step(lo, hi, n)
	return axis.Ticks(lo, hi, step, 4*n+1), step
}

// formatTick formats a tick value with as many decimals as step needs.
func formatTick(v, step float64) string {
	a := math.Max(math.Abs(v), step)
	if a >= 1e6 || (a < 1e-3 && a > 0) {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return strconv.FormatFloat(v, 'f', axis.Decimals(step), 64)
}

// formatValue formats a statistic or an element: integers exactly when integral is set,
// otherwise with 6 significant digits.
func formatValue(v float64, integral bool) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case integral && v == math.Trunc(v) && math.Abs(v) < 1e18:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// formatBytes formats a size in binary units ("256 MiB", "1.5 KiB").
func formatBytes(n float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"}
	i := 0
	for n >= 1024 && i < len(units)-1 {
		n /= 1024
		i++
	}
	if i == 0 || n >= 100 || n == math.Trunc(n) {
		return fmt.Sprintf("%.0f %s", n, units[i])
	}
	return fmt.Sprintf("%.1f %s", n, units[i])
}

// groupDigits formats n with thin separators every three digits ("1,048,576").
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
