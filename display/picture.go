package display

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"
)

// A picture this package draws travels three ways in a bundle: image/svg+xml (crisp, for
// front ends that show SVG), image/png (for those that show only safe types: untrusted
// notebooks, GitHub, many viewers), and inside the HTML output. There it is the PNG as an
// <img>, which a script replaces with the SVG where scripts run (trusted notebooks,
// `peerbook run --html` pages, nbconvert); where they don't, the script is dropped and the
// PNG stays. An untrusted notebook shows sanitised HTML before PNG, and a sanitiser
// drops an inline <svg> but keeps its labels as loose text: so the HTML never holds an
// inline SVG that a sanitiser would see.

// picture is a drawn picture in both forms.
type picture struct {
	svg  string
	png  []byte // nil when the PNG could not be drawn (err says why)
	w, h int    // CSS pixels
	err  error
}

// render finishes d as a picture.
func (d *svgDoc) render() picture {
	p := picture{svg: d.String()}
	p.w, p.h = d.pngSize()
	p.png, p.err = d.PNG()
	return p
}

var pictureSeq atomic.Int64

// pictureID is an element id no other output of the page has.
func pictureID() string {
	return fmt.Sprintf("pbpic-%d-%d", time.Now().UnixNano()%1e9, pictureSeq.Add(1))
}

// html is the picture for an HTML output: the PNG, replaced by the SVG where scripts run.
func (p picture) html() string {
	if p.png == nil {
		return p.svgImage()
	}
	id := pictureID()
	svg, _ := json.Marshal(p.svg) // escapes <, > and &: safe inside a script
	return fmt.Sprintf(`<img id="%s" src="data:image/png;base64,%s" width="%d" height="%d" style="max-width:100%%;height:auto" alt=""/>`+
		`<script>(function(){var e=document.getElementById("%s");if(e)e.outerHTML=%s;})()</script>`,
		id, base64.StdEncoding.EncodeToString(p.png), p.w, p.h, id, svg)
}

// svgImage is the picture for an HTML output as an SVG image: shown alike with and without
// scripts (no tooltips, no zoom), in fewer bytes than html where the PNG is large.
func (p picture) svgImage() string {
	return fmt.Sprintf(`<img src="data:image/svg+xml;base64,%s" width="%d" height="%d" style="max-width:100%%;height:auto" alt=""/>`,
		base64.StdEncoding.EncodeToString([]byte(p.svg)), p.w, p.h)
}

// fit puts the picture into b within limit bytes, with the HTML that page builds around
// the picture's HTML, trying in turn: the PNG-then-SVG HTML with the standalone PNG and
// SVG; without the standalone SVG; the SVG image HTML with the standalone PNG; without it.
// Past all of these, boundBundle drops the HTML and cuts the text.
func (p picture) fit(b Bundle, page func(pictureHTML string) string, limit int) Bundle {
	type form struct {
		html     func() string
		png, svg bool
	}
	forms := []form{{p.html, true, true}, {p.html, true, false}, {p.svgImage, true, false}, {p.svgImage, false, false}}
	for i, f := range forms {
		delete(b.Data, MIMESVG)
		delete(b.Data, MIMEPNG)
		delete(b.Metadata, MIMEPNG)
		b.Data[MIMEHTML] = page(f.html())
		if f.svg {
			b.Data[MIMESVG] = p.svg
		}
		if f.png && p.png != nil {
			b.Data[MIMEPNG] = base64.StdEncoding.EncodeToString(p.png)
			b.Metadata[MIMEPNG] = map[string]any{"width": p.w, "height": p.h}
		}
		if bundleBytes(b) <= limit || i == len(forms)-1 {
			break
		}
	}
	return boundBundle(b, limit)
}
