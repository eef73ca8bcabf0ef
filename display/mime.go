package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"strings"
)

// Text returns a bundle with s as text/plain only.
func Text(s string) Bundle {
	b := newBundle()
	b.Data[MIMEText] = s
	return b
}

// HTML returns a bundle that shows s (an HTML fragment) as HTML; its text/plain form is the
// fragment's text without tags.
func HTML(s string) Bundle {
	b := newBundle()
	b.Data[MIMEHTML] = s
	b.Data[MIMEText] = truncateText(stripTags(s), MaxTextBytes)
	return b
}

// Markdown returns a bundle that shows s as Markdown (text/plain: s itself).
func Markdown(s string) Bundle {
	b := newBundle()
	b.Data[MIMEMarkdown] = s
	b.Data[MIMEText] = s
	return b
}

// LaTeX returns a bundle that shows s as LaTeX math. s without math delimiters ($, \[, \(,
// \begin) is shown as display math.
func LaTeX(s string) Bundle {
	b := newBundle()
	t := strings.TrimSpace(s)
	if !strings.Contains(t, "$") && !strings.HasPrefix(t, `\[`) && !strings.HasPrefix(t, `\(`) &&
		!strings.HasPrefix(t, `\begin`) {
		t = "$$" + t + "$$"
	}
	b.Data[MIMELaTeX] = t
	b.Data[MIMEText] = s
	return b
}

// SVG returns a bundle that shows the SVG document s. Text that is not SVG is shown as an
// error saying so.
func SVG(s string) Bundle {
	if !strings.Contains(s, "<svg") {
		return errorBundle(fmt.Errorf("display.SVG: the text is not an SVG image (no <svg> element in %d bytes)", len(s)))
	}
	b := newBundle()
	b.Data[MIMESVG] = s
	b.Data[MIMEText] = fmt.Sprintf("[SVG image, %d bytes]", len(s))
	return b
}

// PNG returns a bundle that shows PNG-encoded data. Data that is not a PNG image is shown
// as an error saying so.
func PNG(data []byte) Bundle {
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return errorBundle(fmt.Errorf("display.PNG: not a PNG image (%d bytes): %w", len(data), err))
	}
	return pngBundle(data, cfg.Width, cfg.Height, fmt.Sprintf("[PNG image %dx%d]", cfg.Width, cfg.Height))
}

// JPEG returns a bundle that shows JPEG-encoded data. Data that is not a JPEG image is shown
// as an error saying so.
func JPEG(data []byte) Bundle {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return errorBundle(fmt.Errorf("display.JPEG: not a JPEG image (%d bytes): %w", len(data), err))
	}
	b := newBundle()
	b.Data[MIMEJPEG] = base64.StdEncoding.EncodeToString(data)
	b.Data[MIMEText] = fmt.Sprintf("[JPEG image %dx%d]", cfg.Width, cfg.Height)
	b.Metadata[MIMEJPEG] = map[string]any{"width": cfg.Width, "height": cfg.Height}
	return b
}

// Image returns a bundle that shows img as a PNG.
func Image(img image.Image) Bundle {
	if img == nil {
		return errorBundle(fmt.Errorf("display.Image: the image is nil"))
	}
	data, err := encodePNG(img)
	if err != nil {
		return errorBundle(fmt.Errorf("display.Image: encoding %T as PNG: %w", img, err))
	}
	r := img.Bounds()
	return pngBundle(data, r.Dx(), r.Dy(), fmt.Sprintf("[image %dx%d %T]", r.Dx(), r.Dy(), img))
}

// JSON returns a bundle that shows v as a JSON tree. A string, []byte or json.RawMessage is
// taken as JSON text; any other value is marshalled with encoding/json. Invalid JSON text or
// a value that can't be marshalled is shown as an error saying why.
func JSON(v any) Bundle {
	var raw []byte
	switch x := v.(type) {
	case string:
		raw = []byte(x)
	case []byte:
		raw = x
	case json.RawMessage:
		raw = x
	default:
		var err error
		if raw, err = json.Marshal(v); err != nil {
			return errorBundle(fmt.Errorf("display.JSON: marshalling %T: %w", v, err))
		}
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return errorBundle(fmt.Errorf("display.JSON: invalid JSON text: %w", err))
	}
	pretty, err := json.MarshalIndent(tree, "", "  ")
	if err != nil {
		return errorBundle(fmt.Errorf("display.JSON: %w", err))
	}
	b := newBundle()
	b.Data[MIMEJSON] = tree
	b.Data[MIMEText] = truncateText(string(pretty), MaxTextBytes)
	return b
}
