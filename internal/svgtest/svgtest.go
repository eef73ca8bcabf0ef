// Package svgtest checks SVG pictures for tests: that every text element lies inside the
// picture's viewBox, measured with the real metrics of Liberation Sans (the font the
// project's pictures name first; Arimo and Arial share its metrics), as a browser with it
// draws them. It follows nested transforms (translate, scale, rotate, matrix), text-anchor,
// and font-size and font-weight given as attributes or in a style.
package svgtest

import (
	"encoding/xml"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
)

var (
	fonts   = font.NewCache(liberation.Collection())
	regular = fonts.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, 1)
	bold    = fonts.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans", Weight: xfont.WeightBold}, 1)
)

// Text is a text element of a picture, and the box it covers in the picture's coordinates.
type Text struct {
	Text       string
	X, Y       float64 // its x and y attributes
	Anchor     string  // start, middle or end
	Size       float64 // font size in px
	Bold       bool
	Width      float64 // in its own coordinates
	MinX, MinY float64 // its box, transformed into the picture's coordinates
	MaxX, MaxY float64
}

// affine is a 2-D affine transform: x' = a x + c y + e, y' = b x + d y + f.
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, d: 1}

// then returns the transform that applies n first, then m.
func (m affine) then(n affine) affine {
	return affine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

var transformRe = regexp.MustCompile(`(\w+)\s*\(([^)]*)\)`)

// parseTransform reads an SVG transform attribute.
func parseTransform(s string) (affine, error) {
	m := identity
	for _, part := range transformRe.FindAllStringSubmatch(s, -1) {
		var args []float64
		for _, f := range strings.FieldsFunc(part[2], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			v, err := strconv.ParseFloat(f, 64)
			if err != nil {
				return m, fmt.Errorf("transform %q: %v", s, err)
			}
			args = append(args, v)
		}
		arg := func(i int, def float64) float64 {
			if i < len(args) {
				return args[i]
			}
			return def
		}
		var t affine
		switch part[1] {
		case "translate":
			t = affine{a: 1, d: 1, e: arg(0, 0), f: arg(1, 0)}
		case "scale":
			t = affine{a: arg(0, 1), d: arg(1, arg(0, 1))}
		case "rotate":
			sin, cos := math.Sincos(arg(0, 0) * math.Pi / 180)
			r := affine{a: cos, b: sin, c: -sin, d: cos}
			cx, cy := arg(1, 0), arg(2, 0)
			t = affine{a: 1, d: 1, e: cx, f: cy}.then(r).then(affine{a: 1, d: 1, e: -cx, f: -cy})
		case "matrix":
			if len(args) != 6 {
				return m, fmt.Errorf("transform %q: matrix takes 6 numbers", s)
			}
			t = affine{args[0], args[1], args[2], args[3], args[4], args[5]}
		default:
			return m, fmt.Errorf("transform %q: %s is not supported", s, part[1])
		}
		m = m.then(t)
	}
	return m, nil
}

var (
	viewBoxRe  = regexp.MustCompile(`^\s*(-?[0-9.]+)[ ,]+(-?[0-9.]+)[ ,]+([0-9.]+)[ ,]+([0-9.]+)\s*$`)
	fontSizeRe = regexp.MustCompile(`font-size:\s*([0-9.]+)(px|pt)?`)
	weightRe   = regexp.MustCompile(`font-weight:\s*(\w+)`)
	anchorRe   = regexp.MustCompile(`text-anchor:\s*(\w+)`)
)

// style is what a text element inherits: its font size, weight and anchor.
type style struct {
	size   float64
	bold   bool
	anchor string
	m      affine
}

// Texts returns the viewBox of svg (its first <svg> element) and its text elements.
func Texts(svg string) (minX, minY, w, h float64, texts []Text, err error) {
	dec := xml.NewDecoder(strings.NewReader(svg))
	dec.Strict = false
	stack := []style{{size: 16, anchor: "start", m: identity}}
	seenSVG := false
	var cur *Text
	for {
		tok, terr := dec.Token()
		if terr != nil {
			break
		}
		switch el := tok.(type) {
		case xml.StartElement:
			st := stack[len(stack)-1]
			var transform string
			var x, y float64
			for _, a := range el.Attr {
				switch a.Name.Local {
				case "transform":
					transform = a.Value
				case "font-size":
					st.size, _ = strconv.ParseFloat(strings.TrimSuffix(a.Value, "px"), 64)
				case "font-weight":
					st.bold = isBold(a.Value)
				case "text-anchor":
					st.anchor = a.Value
				case "style":
					if m := fontSizeRe.FindStringSubmatch(a.Value); m != nil {
						st.size, _ = strconv.ParseFloat(m[1], 64)
					}
					if m := weightRe.FindStringSubmatch(a.Value); m != nil {
						st.bold = isBold(m[1])
					}
					if m := anchorRe.FindStringSubmatch(a.Value); m != nil {
						st.anchor = m[1]
					}
				case "x":
					x, _ = strconv.ParseFloat(a.Value, 64)
				case "y":
					y, _ = strconv.ParseFloat(a.Value, 64)
				case "viewBox":
					if el.Name.Local == "svg" && !seenSVG {
						m := viewBoxRe.FindStringSubmatch(a.Value)
						if m == nil {
							return 0, 0, 0, 0, nil, fmt.Errorf("viewBox %q", a.Value)
						}
						minX, _ = strconv.ParseFloat(m[1], 64)
						minY, _ = strconv.ParseFloat(m[2], 64)
						w, _ = strconv.ParseFloat(m[3], 64)
						h, _ = strconv.ParseFloat(m[4], 64)
						seenSVG = true
					}
				}
			}
			if transform != "" {
				t, perr := parseTransform(transform)
				if perr != nil {
					return 0, 0, 0, 0, nil, perr
				}
				st.m = st.m.then(t)
			}
			stack = append(stack, st)
			if el.Name.Local == "text" {
				cur = &Text{X: x, Y: y, Anchor: st.anchor, Size: st.size, Bold: st.bold}
			}
		case xml.CharData:
			if cur != nil {
				cur.Text += string(el)
			}
		case xml.EndElement:
			st := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if el.Name.Local == "text" && cur != nil {
				cur.Text = strings.TrimSpace(cur.Text)
				place(cur, st.m)
				texts = append(texts, *cur)
				cur = nil
			}
		}
	}
	if !seenSVG {
		return 0, 0, 0, 0, nil, fmt.Errorf("no <svg> element with a viewBox")
	}
	return minX, minY, w, h, texts, nil
}

func isBold(v string) bool {
	if v == "bold" || v == "bolder" {
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && n >= 600
}

// place measures t and sets its box in the picture's coordinates (m: its transform).
func place(t *Text, m affine) {
	face := regular
	if t.Bold {
		face = bold
	}
	t.Width = float64(face.Width(t.Text)) * t.Size
	ext := regular.Extents()
	ascent, descent := float64(ext.Ascent)*t.Size, float64(ext.Descent)*t.Size
	x0 := t.X
	switch t.Anchor {
	case "middle":
		x0 -= t.Width / 2
	case "end":
		x0 -= t.Width
	}
	t.MinX, t.MinY, t.MaxX, t.MaxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [][2]float64{{x0, t.Y - ascent}, {x0 + t.Width, t.Y - ascent}, {x0, t.Y + descent}, {x0 + t.Width, t.Y + descent}} {
		x, y := m.apply(c[0], c[1])
		t.MinX, t.MaxX = math.Min(t.MinX, x), math.Max(t.MaxX, x)
		t.MinY, t.MaxY = math.Min(t.MinY, y), math.Max(t.MaxY, y)
	}
}

// Outside returns a line for each text element of svg that reaches outside its viewBox
// (by more than half a pixel).
func Outside(svg string) ([]string, error) {
	x0, y0, w, h, texts, err := Texts(svg)
	if err != nil {
		return nil, err
	}
	const slack = 0.5
	var out []string
	for _, t := range texts {
		if t.MinX < x0-slack || t.MinY < y0-slack || t.MaxX > x0+w+slack || t.MaxY > y0+h+slack {
			out = append(out, fmt.Sprintf("%q (%s at x=%v y=%v, %.1f px wide, %v px) covers (%.1f, %.1f)-(%.1f, %.1f), outside the viewBox %v %v %v %v",
				t.Text, t.Anchor, t.X, t.Y, t.Width, t.Size, t.MinX, t.MinY, t.MaxX, t.MaxY, x0, y0, w, h))
		}
	}
	return out, nil
}
