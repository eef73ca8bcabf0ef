package display

import (
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
)

// Pictures are drawn in Liberation Sans (svgFontStack; Arimo and Arial have the same
// metrics), and their text is measured with that font's glyph advances and kerning, from
// the copy of the Liberation fonts that gonum/plot carries: layouts know what a label
// needs instead of guessing it from its length.

// svgFontStack is the font family of the SVG pictures: the font they are measured with,
// then fonts with the same metrics.
const svgFontStack = `'Liberation Sans',Arimo,Arial,Helvetica,sans-serif`

var (
	fontCache   = font.NewCache(liberation.Collection())
	sansRegular = fontCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, 1)
	sansBold    = fontCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans", Weight: xfont.WeightBold}, 1)
)

// textWidth is the width of s in Liberation Sans at size px (bold: font-weight 600 or
// more, which browsers draw with the bold face).
func textWidth(s string, size float64, bold bool) float64 {
	face := sansRegular
	if bold {
		face = sansBold
	}
	return float64(face.Width(s)) * size
}

// textAscent and textDescent are how far Liberation Sans at size px reaches above and
// below the baseline.
func textAscent(size float64) float64  { return float64(sansRegular.Extents().Ascent) * size }
func textDescent(size float64) float64 { return float64(sansRegular.Extents().Descent) * size }

// fitText cuts s to at most width px at size, ending it with an ellipsis where it is cut.
func fitText(s string, width, size float64, bold bool) string {
	if textWidth(s, size, bold) <= width {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		cut := strings.TrimRight(string(r[:n]), " ") + "…"
		if textWidth(cut, size, bold) <= width {
			return cut
		}
	}
	return "…"
}

// wrapText breaks s into at most two lines of at most width px at size, at the last space
// or hyphen where the first line still fits; what still doesn't fit is cut.
func wrapText(s string, width, size float64, bold bool) []string {
	if textWidth(s, size, bold) <= width {
		return []string{s}
	}
	r := []rune(s)
	best := -1
	for i, c := range r {
		if c != ' ' && c != '-' {
			continue
		}
		first := strings.TrimSpace(string(r[:i+1]))
		if textWidth(first, size, bold) > width {
			break
		}
		best = i
	}
	if best < 0 {
		return []string{fitText(s, width, size, bold)}
	}
	return []string{strings.TrimSpace(string(r[:best+1])), fitText(strings.TrimSpace(string(r[best+1:])), width, size, bold)}
}
