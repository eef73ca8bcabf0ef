package display

import (
	"fmt"
	"html"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/display/internal/axis"
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

// colourMap maps t in [0, 1] to a colour, interpolating between evenly spaced stops.
type colourMap []color.RGBA

func (m colourMap) at(t float64) color.RGBA {
	if math.IsNaN(t) {
		t = 0
	}
	t = clampFloat(t, 0, 1) * float64(len(m)-1)
	i := int(t)
	if i >= len(m)-1 {
		return m[len(m)-1]
	}
	f := t - float64(i)
	a, b := m[i], m[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + f*(float64(y)-float64(x)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// lightText reports whether text on background c should be white rather than black.
func lightText(c color.RGBA) bool {
	lum := 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
	return lum < 140
}

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255}
}

// viridis is the perceptually uniform sequential colour map (dark blue to yellow).
var viridis = colourMap{rgb(0x440154), rgb(0x482475), rgb(0x414487), rgb(0x355f8d), rgb(0x2a788e),
	rgb(0x21918c), rgb(0x22a884), rgb(0x44bf70), rgb(0x7ad151), rgb(0xbddf26), rgb(0xfde725)}

// blueRed is a diverging colour map (blue, white at 0.5, red) for data around zero.
var blueRed = colourMap{rgb(0x053061), rgb(0x2166ac), rgb(0x4393c3), rgb(0x92c5de), rgb(0xd1e5f0),
	rgb(0xf7f7f7), rgb(0xfddbc7), rgb(0xf4a582), rgb(0xd6604d), rgb(0xb2182b), rgb(0x67001f)}

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
