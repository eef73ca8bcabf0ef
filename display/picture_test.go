package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"
)

// showsPicture reports whether the HTML h shows the picture svg as this package embeds it:
// a PNG <img>, and a script that puts svg in its place.
func showsPicture(h, svg string) bool {
	js, _ := json.Marshal(svg)
	return strings.Contains(h, `src="data:image/png;base64,`) && strings.Contains(h, "<script>") && strings.Contains(h, string(js))
}

// withoutScripts is h as a notebook front end shows an untrusted output, as far as
// pictures go: scripts dropped with their content. (sanitize-html, which Jupyter Notebook
// 6.4 and JupyterLab use, also drops tags it doesn't know, svg among them, but keeps their
// text: an inline SVG's labels would show as loose words.)
func withoutScripts(h string) string {
	return regexp.MustCompile(`(?s)<script>.*?</script>`).ReplaceAllString(h, "")
}

// pictureBundles are bundles of every kind of picture the package draws.
func pictureBundles() map[string]Bundle {
	out := map[string]Bundle{}
	for name, f := range topoFixtures {
		out["topology "+name] = f().MIMEBundle()
	}
	wave := make([]float64, 1024)
	for i := range wave {
		wave[i] = math.Sin(float64(i) / 30)
	}
	out["buffer line"] = Array(wave, 1024).MIMEBundle()
	out["buffer heatmap"] = Array(wave, 32, 32).MIMEBundle()
	out["matrix heatmap"] = MatrixHeatmap{Title: "copy bandwidth", Unit: "GB/s", RowLabels: []string{"GPU0", "GPU1"},
		ColLabels: []string{"GPU0", "GPU1"}, Values: [][]float64{{1, 2}, {3, math.NaN()}}}.MIMEBundle()
	out["timeline"] = denseTimeline(100).MIMEBundle()
	out["timeline dense"] = denseTimeline(5000).MIMEBundle()
	return out
}

// Every picture carries a PNG of it beside its SVG, at its CSS size in the metadata, drawn
// (not blank: dark text and coloured marks), within the output budget; the HTML shows the
// PNG where scripts don't run, and nothing of the SVG's text leaks into a sanitised page.
func TestEveryPictureCarriesAPNG(t *testing.T) {
	for name, b := range pictureBundles() {
		enc, ok := b.Data[MIMEPNG].(string)
		if !ok || enc == "" {
			t.Errorf("%s: no image/png (has %v)", name, keys(b))
			continue
		}
		raw, err := base64.StdEncoding.DecodeString(enc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: the PNG doesn't decode: %v", name, err)
		}
		meta, _ := b.Metadata[MIMEPNG].(map[string]any)
		w, _ := meta["width"].(int)
		h, _ := meta["height"].(int)
		if got := img.Bounds().Dx(); w == 0 || math.Abs(float64(got)-float64(w)*pngScale) > 2 {
			t.Errorf("%s: PNG %d px wide, metadata width %d (want %v px a CSS px)", name, got, w, pngScale)
		}
		if got := img.Bounds().Dy(); h == 0 || math.Abs(float64(got)-float64(h)*pngScale) > 2 {
			t.Errorf("%s: PNG %d px high, metadata height %d", name, got, h)
		}
		dark, inked := inks(img)
		if all := img.Bounds().Dx() * img.Bounds().Dy(); dark < 100 || inked < all/100 {
			t.Errorf("%s: the PNG looks blank: %d dark and %d inked pixels of %d", name, dark, inked, all)
		}
		html, _ := b.Data[MIMEHTML].(string)
		if !strings.Contains(html, `src="data:image/png;base64,`+enc+`"`) {
			t.Errorf("%s: the HTML doesn't fall back to the PNG", name)
		}
		if s := withoutScripts(html); strings.Contains(s, "<svg") || strings.Contains(s, "<text") {
			t.Errorf("%s: outside its scripts, the HTML holds an SVG, whose labels a sanitiser would leave as loose text", name)
		}
		limit := MaxOutputBytes
		if strings.HasPrefix(name, "timeline") {
			limit = maxTimelineBytes
		}
		if n := bundleBytes(b); n > limit {
			t.Errorf("%s: %d bytes, over the budget of %d", name, n, limit)
		}
		t.Logf("%s: PNG %d bytes (%dx%d), bundle %d bytes", name, len(raw), img.Bounds().Dx(), img.Bounds().Dy(), bundleBytes(b))
	}
}

// inks counts the pixels that are dark (text, hi < 130) and that are not near white.
func inks(img image.Image) (dark, inked int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			hi, lo := max(c.R, c.G, c.B), min(c.R, c.G, c.B)
			if hi < 130 {
				dark++
			}
			if lo < 235 {
				inked++
			}
		}
	}
	return dark, inked
}

// The PNG draws what the SVG draws where it draws it: the mean line of a buffer's plot
// passes through the PNG's pixels at the SVG's coordinates, and a rotated axis title reads
// bottom to top.
func TestPNGDrawsWhereTheSVGDraws(t *testing.T) {
	var d svgDoc
	d.begin(200, 100)
	var p pathData
	p.moveTo(10, 80)
	p.lineTo(190, 20)
	d.path(&p, "none", shape{stroke: "#1f77b4", strokeWidth: 2})
	d.rect(20, 30, 10, 10, "#d62728", shape{})
	d.text(100, 95, "middle", 11, "#212121", "index", plain)
	d.text(8, 50, "middle", 11, "#212121", "row", textStyle{rotate: -90})
	d.end()
	data, err := d.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	at := func(x, y float64) color.NRGBA {
		return color.NRGBAModel.Convert(img.At(int(x*pngScale), int(y*pngScale))).(color.NRGBA)
	}
	if c := at(100, 50); c.B < 150 || c.R > 100 { // on the line from (10,80) to (190,20)
		t.Errorf("the line's middle is %v, want blue", c)
	}
	if c := at(25, 35); c.R < 200 || c.G > 80 {
		t.Errorf("the rect's middle is %v, want red", c)
	}
	if c := at(100, 20); c.R < 250 || c.G < 250 || c.B < 250 {
		t.Errorf("away from every mark is %v, want white", c)
	}
	// The rotated label: ink in a column around x = 8 spanning more height than width.
	var minX, maxX, minY, maxY = 1e9, -1.0, 1e9, -1.0
	for y := 30; y < 70; y++ {
		for x := 0; x < 16; x++ {
			if c := at(float64(x), float64(y)); c.R < 120 && c.G < 120 {
				minX, maxX = math.Min(minX, float64(x)), math.Max(maxX, float64(x))
				minY, maxY = math.Min(minY, float64(y)), math.Max(maxY, float64(y))
			}
		}
	}
	if maxX < 0 || maxY-minY < 2*(maxX-minX) {
		t.Errorf("the rotated label's ink spans x %v..%v, y %v..%v: want a tall column", minX, maxX, minY, maxY)
	}
}

// A colour the PNG can't read is an error, not a picture drawn in another colour.
func TestPNGRefusesUnknownColours(t *testing.T) {
	var d svgDoc
	d.begin(10, 10)
	d.rect(0, 0, 5, 5, "rebeccapurple", shape{})
	if _, err := d.PNG(); err == nil || !strings.Contains(err.Error(), "rebeccapurple") {
		t.Errorf("PNG of an unknown colour: %v, want an error naming it", err)
	}
}

// The cost of the PNGs, beside the SVG alone, in the same run: go test -bench PicturePNG ./display/
func BenchmarkPicturePNG(b *testing.B) {
	v := topoFixtures["8-cubemesh"]()
	t := v.normalize()
	for _, withPNG := range []bool{false, true} {
		name := "svg"
		if withPNG {
			name = "svg+png"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				d := t.graphSVG()
				if withPNG {
					if _, err := d.PNG(); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
	_ = time.Now
}

// pictureSVG is the SVG of the picture a bundle shows: its image/svg+xml, else the one its
// HTML holds (in the script that puts it in place, or as an SVG image).
func pictureSVG(t *testing.T, b Bundle) string {
	t.Helper()
	if s, ok := b.Data[MIMESVG].(string); ok {
		return s
	}
	h, _ := b.Data[MIMEHTML].(string)
	if m := regexp.MustCompile(`e\.outerHTML=("(?:[^"\\]|\\.)*");`).FindStringSubmatch(h); m != nil {
		var s string
		if err := json.Unmarshal([]byte(m[1]), &s); err != nil {
			t.Fatalf("the HTML's SVG doesn't decode: %v", err)
		}
		return s
	}
	if m := regexp.MustCompile(`data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)`).FindStringSubmatch(h); m != nil {
		raw, err := base64.StdEncoding.DecodeString(m[1])
		if err != nil {
			t.Fatal(err)
		}
		return string(raw)
	}
	t.Fatalf("the bundle shows no picture: %v", keys(b))
	return ""
}
