package display

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"image"
	"image/png"
	"strings"
)

// The MIME types this package produces.
const (
	MIMEText     = "text/plain"
	MIMEHTML     = "text/html"
	MIMEMarkdown = "text/markdown"
	MIMELaTeX    = "text/latex"
	MIMESVG      = "image/svg+xml"
	MIMEPNG      = "image/png"
	MIMEJPEG     = "image/jpeg"
	MIMEJSON     = "application/json"
)

// MaxTextBytes bounds the text/plain form of values rendered with the fmt fallback; longer
// text is cut and marked as such.
const MaxTextBytes = 64 << 10

// MIMEBundle returns b itself, so that a Bundle (and what the constructors return) can be
// displayed or be a cell's value.
func (b Bundle) MIMEBundle() Bundle { return b }

// Render turns v into a MIME bundle, which always has a text/plain entry:
//   - a Renderer renders itself (text/plain is added from fmt when it lacks one);
//   - an image.Image becomes a PNG;
//   - an error becomes its message, in red in HTML;
//   - a value with HTML(), Markdown(), SVG() or LaTeX() string methods gets those forms;
//   - anything else is formatted with fmt ("%v").
//
// A renderer that panics is shown as an error; Render itself never panics.
func Render(v any) (b Bundle) {
	defer func() {
		if r := recover(); r != nil {
			b = errorBundle(fmt.Errorf("display: rendering a %T value panicked: %v", v, r))
		}
	}()
	switch x := v.(type) {
	case nil:
		return Text("<nil>")
	case Renderer:
		return complete(x.MIMEBundle(), v)
	case image.Image:
		return Image(x)
	case error:
		return errorBundle(x)
	}
	b = newBundle()
	if h, ok := v.(interface{ HTML() string }); ok {
		b.Data[MIMEHTML] = h.HTML()
	}
	if m, ok := v.(interface{ Markdown() string }); ok {
		b.Data[MIMEMarkdown] = m.Markdown()
	}
	if s, ok := v.(interface{ SVG() string }); ok {
		b.Data[MIMESVG] = s.SVG()
	}
	if l, ok := v.(interface{ LaTeX() string }); ok {
		b.Data[MIMELaTeX] = l.LaTeX()
	}
	b.Data[MIMEText] = plainText(v)
	return b
}

// newBundle returns an empty bundle with both maps allocated.
func newBundle() Bundle {
	return Bundle{Data: map[string]any{}, Metadata: map[string]any{}}
}

// complete returns b with a text/plain entry and a metadata map, copying b's maps rather
// than changing a bundle the renderer may hold on to.
func complete(b Bundle, v any) Bundle {
	_, hasText := b.Data[MIMEText].(string)
	if hasText && b.Metadata != nil {
		return b
	}
	out := newBundle()
	for k, x := range b.Data {
		out.Data[k] = x
	}
	for k, x := range b.Metadata {
		out.Metadata[k] = x
	}
	if !hasText {
		if _, isBundle := v.(Bundle); isBundle {
			out.Data[MIMEText] = ""
		} else {
			out.Data[MIMEText] = plainText(v)
		}
	}
	return out
}

// plainText formats v with fmt, cut to MaxTextBytes.
func plainText(v any) string {
	return truncateText(fmt.Sprint(v), MaxTextBytes)
}

// truncateText cuts s to at most max bytes (at a rune boundary) and says so.
func truncateText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n… (cut: %d bytes in all)", len(s))
}

func utf8Start(c byte) bool { return c&0xC0 != 0x80 }

// errorBundle renders err: its message as text, in red in HTML.
func errorBundle(err error) Bundle {
	b := newBundle()
	msg := err.Error()
	b.Data[MIMEText] = msg
	b.Data[MIMEHTML] = `<pre style="color:#c62828;white-space:pre-wrap;margin:0">` +
		html.EscapeString(msg) + `</pre>`
	return b
}

// Error returns a bundle showing err as an error (red in HTML). A nil err shows "<nil>".
func Error(err error) Bundle {
	if err == nil {
		return Text("<nil>")
	}
	return errorBundle(err)
}

// pngBundle renders PNG bytes; text describes the image in text/plain.
func pngBundle(data []byte, w, h int, text string) Bundle {
	b := newBundle()
	b.Data[MIMEPNG] = base64.StdEncoding.EncodeToString(data)
	b.Data[MIMEText] = text
	b.Metadata[MIMEPNG] = map[string]any{"width": w, "height": h}
	return b
}

// encodePNG encodes img as PNG with the default compression.
func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// stripTags returns the text of an HTML fragment, for its text/plain form.
func stripTags(s string) string {
	var out strings.Builder
	skip := "" // inside <script> or <style>
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			if skip == "" {
				out.WriteString(s)
			}
			break
		}
		if skip == "" {
			out.WriteString(s[:i])
		}
		s = s[i:]
		j := strings.IndexByte(s, '>')
		if j < 0 {
			break
		}
		tag := strings.ToLower(s[1:j])
		name := ""
		if f := strings.Fields(strings.TrimPrefix(tag, "/")); len(f) > 0 {
			name = strings.TrimSuffix(f[0], "/")
		}
		switch {
		case skip != "" && strings.HasPrefix(tag, "/"+skip):
			skip = ""
		case skip == "" && (name == "script" || name == "style") && !strings.HasPrefix(tag, "/"):
			skip = name
		case skip == "" && (name == "br" || name == "p" || name == "div" || name == "tr" ||
			name == "li" || strings.HasPrefix(name, "h")) && out.Len() > 0:
			out.WriteByte('\n')
		case skip == "" && (name == "td" || name == "th"):
			out.WriteByte(' ')
		}
		s = s[j+1:]
	}
	lines := strings.Split(html.UnescapeString(out.String()), "\n")
	kept := lines[:0]
	for _, l := range lines {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}
