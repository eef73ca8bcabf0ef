package display

import (
	"fmt"
	"html"
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

// svgDoc builds an SVG document.
type svgDoc struct {
	strings.Builder
}

// begin writes the <svg> element of a w x h picture that scales down to its container.
func (d *svgDoc) begin(w, h float64) {
	fmt.Fprintf(d, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" `+
		`style="max-width:100%%;height:auto" font-family="%s" font-size="12">`,
		num(w), num(h), num(w), num(h), html.EscapeString(svgFontStack))
	fmt.Fprintf(d, `<rect width="%s" height="%s" fill="#ffffff"/>`, num(w), num(h))
}

func (d *svgDoc) end() { d.WriteString("</svg>") }

// text writes s at (x, y); anchor is start, middle or end; extra holds more attributes.
func (d *svgDoc) text(x, y float64, anchor string, size float64, fill, s, extra string) {
	fmt.Fprintf(d, `<text x="%s" y="%s" text-anchor="%s" font-size="%s" fill="%s"%s>%s</text>`,
		num(x), num(y), anchor, num(size), fill, extra, html.EscapeString(s))
}

// line writes a straight line.
func (d *svgDoc) line(x1, y1, x2, y2 float64, stroke string, width float64, extra string) {
	fmt.Fprintf(d, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"%s/>`,
		num(x1), num(y1), num(x2), num(y2), stroke, num(width), extra)
}

// rect writes a rectangle.
func (d *svgDoc) rect(x, y, w, h float64, fill, extra string) {
	fmt.Fprintf(d, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"%s/>`,
		num(x), num(y), num(w), num(h), fill, extra)
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
