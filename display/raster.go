package display

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"sort"
	"strconv"
	"strings"

	xdraw "golang.org/x/image/draw"
	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// The PNG beside every picture: the steps an svgDoc recorded, replayed on gonum/plot's
// vgimg canvas (antialiased paths and text through gonum's gg back end, Liberation Sans
// from gonum's font collection, the same font the SVG names and is measured with). Front
// ends that don't show SVG or HTML (untrusted notebooks, GitHub, many viewers) show it.

// pngScale is the PNG's pixels per CSS pixel of the picture. The PNG stands in where the
// SVG can't be shown, within the output budget that also holds the SVG: at 1 it is about
// half the bytes of 1.5 (a 1024-value wave: 22 KB at 1.5, 12 KB at 1).
const pngScale = 1.0

// raster is a canvas in CSS pixels, y down, as the SVG is.
type raster struct {
	c   *vgimg.Canvas
	h   float64 // the picture's height, CSS px
	err error   // the first colour or drawing the raster could not read
}

// cssPt converts CSS pixels to gonum's points (1/72 inch; a CSS pixel is 1/96 inch).
func cssPt(v float64) vg.Length { return vg.Length(v * 72 / 96) }

// pt is the canvas point of (x, y) in picture coordinates (gonum's y points up).
func (r *raster) pt(x, y float64) vg.Point { return vg.Point{X: cssPt(x), Y: cssPt(r.h - y)} }

// PNG renders the recorded drawing as a PNG of pngScale pixels per CSS pixel.
func (d *svgDoc) PNG() (data []byte, err error) {
	if d.w <= 0 || d.h <= 0 {
		return nil, fmt.Errorf("display: a picture of %v x %v px has nothing to render", d.w, d.h)
	}
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, fmt.Errorf("display: rendering the PNG failed: %v", p)
		}
	}()
	c := vgimg.NewWith(vgimg.UseWH(cssPt(d.w), cssPt(d.h)), vgimg.UseDPI(int(96*pngScale)))
	r := &raster{c: c, h: d.h}
	for _, step := range d.steps {
		step(r)
	}
	if r.err != nil {
		return nil, r.err
	}
	rgba, ok := c.Image().(*image.RGBA)
	if !ok {
		return nil, fmt.Errorf("display: the canvas is a %T, not RGBA", c.Image())
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&buf, paletted(rgba)); err != nil {
		return nil, fmt.Errorf("display: encoding the PNG: %w", err)
	}
	return buf.Bytes(), nil
}

func packRGBA(c color.RGBA) uint32 {
	return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A)
}

// paletted turns a picture into 256 colours, for a PNG a third the size: the pictures are
// flat colours with antialiased edges, so the 256 most frequent colours (all of them,
// where there are no more) hold nearly every pixel exactly, and the others (edge pixels
// between two colours) take the nearest of those.
func paletted(img *image.RGBA) *image.Paletted {
	counts := map[color.RGBA]int{}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		counts[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}]++
	}
	byCount := make([]color.RGBA, 0, len(counts))
	for c := range counts {
		byCount = append(byCount, c)
	}
	sort.Slice(byCount, func(i, j int) bool {
		a, b := byCount[i], byCount[j]
		if counts[a] != counts[b] {
			return counts[a] > counts[b]
		}
		return packRGBA(a) < packRGBA(b)
	})
	pal := make(color.Palette, 0, 256)
	index := make(map[color.RGBA]uint8, len(counts))
	for _, c := range byCount[:min(256, len(byCount))] {
		index[c] = uint8(len(pal))
		pal = append(pal, c)
	}
	out := image.NewPaletted(img.Bounds(), pal)
	for i, j := 0, 0; i+3 < len(img.Pix); i, j = i+4, j+1 {
		c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
		k, ok := index[c]
		if !ok {
			k = uint8(pal.Index(c))
			index[c] = k
		}
		out.Pix[j] = k
	}
	return out
}

// pngSize is the PNG's width and height in CSS pixels, for the bundle's metadata.
func (d *svgDoc) pngSize() (w, h int) { return int(math.Ceil(d.w)), int(math.Ceil(d.h)) }

// fail keeps the first error.
func (r *raster) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// colour reads a colour as the pictures write them: #rgb, #rrggbb, white, or "none" (ok
// false). Anything else is an error: a picture the PNG would draw wrong.
func (r *raster) colour(s string, opacity float64) (color.Color, bool) {
	switch s {
	case "", "none":
		return nil, false
	case "white":
		s = "#ffffff"
	}
	hex := strings.TrimPrefix(s, "#")
	if len(hex) == 3 {
		hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if !strings.HasPrefix(s, "#") || len(hex) != 6 || err != nil {
		r.fail(fmt.Errorf("display: the PNG can't draw the colour %q", s))
		return nil, false
	}
	a := 255.0
	if opacity > 0 {
		a = math.Round(255 * math.Min(opacity, 1))
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), uint8(a)}, true
}

// vgPath converts p to the canvas's path.
func (r *raster) vgPath(p *pathData) vg.Path {
	var out vg.Path
	for _, s := range p.segs {
		switch s.op {
		case 'M':
			out.Move(r.pt(s.pts[0][0], s.pts[0][1]))
		case 'L':
			out.Line(r.pt(s.pts[0][0], s.pts[0][1]))
		case 'C':
			out.CubeTo(r.pt(s.pts[0][0], s.pts[0][1]), r.pt(s.pts[1][0], s.pts[1][1]), r.pt(s.pts[2][0], s.pts[2][1]))
		case 'Z':
			out.Close()
		}
	}
	return out
}

// path fills and strokes p.
func (r *raster) path(p *pathData, fill string, s shape) {
	vp := r.vgPath(p)
	if c, ok := r.colour(fill, s.fillOpacity); ok {
		r.c.SetColor(c)
		r.c.Fill(vp)
	}
	if c, ok := r.colour(s.stroke, s.strokeOpacity); ok {
		w := s.strokeWidth
		if w <= 0 {
			w = 1
		}
		r.c.SetColor(c)
		r.c.SetLineWidth(cssPt(w))
		var dash []vg.Length
		for _, v := range s.dash {
			dash = append(dash, cssPt(v))
		}
		r.c.SetLineDash(dash, 0)
		r.c.Stroke(vp)
		r.c.SetLineDash(nil, 0)
	}
}

// text draws s with its baseline at y, anchored at x, in Liberation Sans.
func (r *raster) text(x, y float64, anchor string, size float64, fill, s string, st textStyle) {
	c, ok := r.colour(fill, 0)
	if !ok || s == "" {
		return
	}
	f := font.Font{Typeface: "Liberation", Variant: "Sans"}
	if st.bold || st.heavier {
		f.Weight = xfont.WeightBold
	}
	face := fontCache.Lookup(f, cssPt(size))
	dx := 0.0
	switch anchor {
	case "middle":
		dx = -textWidth(s, size, st.bold || st.heavier) / 2
	case "end":
		dx = -textWidth(s, size, st.bold || st.heavier)
	}
	r.c.Push()
	r.c.Translate(r.pt(x, y))
	if st.rotate != 0 {
		// SVG turns clockwise with y down; gonum turns counter-clockwise with y up.
		r.c.Rotate(-st.rotate * math.Pi / 180)
	}
	r.c.SetColor(c)
	r.c.FillString(face, vg.Point{X: cssPt(dx)}, s)
	r.c.Pop()
}

// image draws img scaled to w x h px, each of its pixels a sharp block (nearest neighbour,
// at the canvas's resolution, so gonum's smoothing has nothing to blur).
func (r *raster) image(x, y, w, h float64, img image.Image) {
	dpx := r.c.DPI() / 96
	pw, ph := int(math.Round(w*dpx)), int(math.Round(h*dpx))
	if pw <= 0 || ph <= 0 {
		return
	}
	scaled := image.NewRGBA(image.Rect(0, 0, pw, ph))
	xdraw.NearestNeighbor.Scale(scaled, scaled.Bounds(), img, img.Bounds(), xdraw.Src, nil)
	r.c.DrawImage(vg.Rectangle{Min: r.pt(x, y+h), Max: r.pt(x+w, y)}, scaled)
}

// colourBar fills the rectangle with m from t = 0 at the bottom to 1 at the top, a band a
// device pixel high, then strokes its outline.
func (r *raster) colourBar(x, y, w, h float64, m colourMap, s shape) {
	bands := max(int(h*r.c.DPI()/96), 1)
	for i := 0; i < bands; i++ {
		t := (float64(i) + 0.5) / float64(bands)
		c := m.At(t)
		y0 := y + h - float64(i+1)*h/float64(bands)
		r.path(rectPath(x, y0, w, h/float64(bands)+0.01, 0), hexColour(c), shape{})
	}
	r.path(rectPath(x, y, w, h, 0), "none", s)
}
