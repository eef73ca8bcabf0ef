package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"strings"
	"sync"
	"testing"
)

// sinkCall is one call a fakeSink received.
type sinkCall struct {
	bundle Bundle
	id     string
	update bool
	clear  bool
	wait   bool
}

// fakeSink records what it is sent.
type fakeSink struct {
	mu    sync.Mutex
	calls []sinkCall
}

func (s *fakeSink) Display(b Bundle, id string, update bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, sinkCall{bundle: b, id: id, update: update})
}

func (s *fakeSink) ClearOutput(wait bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, sinkCall{clear: true, wait: wait})
}

func (s *fakeSink) snapshot() []sinkCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sinkCall(nil), s.calls...)
}

// withStdout captures what Display prints without a sink.
func withStdout(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	old := stdout
	stdout = &buf
	t.Cleanup(func() { stdout = old })
	return &buf
}

// checkXML fails unless s is well-formed XML (wrapped in a root element when it is a
// fragment), and returns the name of the first element.
func checkXML(t *testing.T, what, s string) string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader("<root>" + s + "</root>"))
	dec.Strict = true
	dec.Entity = xml.HTMLEntity
	first := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return first
		}
		if err != nil {
			t.Fatalf("%s is not well-formed: %v\n%.600s", what, err, s)
		}
		if se, ok := tok.(xml.StartElement); ok && first == "" && se.Name.Local != "root" {
			first = se.Name.Local
		}
	}
}

// decodePNG decodes a base64 PNG from a bundle.
func decodePNG(t *testing.T, data any) image.Image {
	t.Helper()
	s, ok := data.(string)
	if !ok {
		t.Fatalf("image/png is a %T, want a base64 string", data)
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("image/png is not base64: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("image/png does not decode: %v", err)
	}
	return img
}

func textOf(t *testing.T, b Bundle) string {
	t.Helper()
	s, ok := b.Data[MIMEText].(string)
	if !ok {
		t.Fatalf("bundle has no text/plain string: %#v", b.Data)
	}
	return s
}

func TestDisplayWithoutSinkPrintsText(t *testing.T) {
	out := withStdout(t)
	defer SetSink(nil)()
	h := Display(42)
	Display(HTML("<b>bold</b> &amp; plain"))
	h.Update("forty-two")
	ClearOutput(false) // nothing to clear, must not fail
	if got, want := out.String(), "42\nbold & plain\nforty-two\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
}

func TestDisplayUpdateAndClearThroughSink(t *testing.T) {
	out := withStdout(t)
	sink := &fakeSink{}
	restore := SetSink(sink)
	h1 := Display(HTML("<i>one</i>"))
	h2 := Display("two")
	h1.Update(Markdown("*uno*"))
	ClearOutput(true)
	ClearOutput(false)
	restore()
	Display("after restore") // goes to stdout, not the sink
	if out.String() != "after restore\n" {
		t.Errorf("stdout after restore = %q", out.String())
	}
	calls := sink.snapshot()
	if len(calls) != 5 {
		t.Fatalf("sink got %d calls, want 5: %+v", len(calls), calls)
	}
	if h1.ID() == "" || h2.ID() == "" || h1.ID() == h2.ID() {
		t.Errorf("display ids %q and %q: want two different non-empty ids", h1.ID(), h2.ID())
	}
	if c := calls[0]; c.id != h1.ID() || c.update || c.bundle.Data[MIMEHTML] != "<i>one</i>" {
		t.Errorf("first display = %+v", c)
	}
	if c := calls[1]; c.id != h2.ID() || c.update || textOf(t, c.bundle) != "two" {
		t.Errorf("second display = %+v", c)
	}
	if c := calls[2]; c.id != h1.ID() || !c.update || c.bundle.Data[MIMEMarkdown] != "*uno*" {
		t.Errorf("update = %+v, want an update of %s with markdown", c, h1.ID())
	}
	if !calls[3].clear || !calls[3].wait || !calls[4].clear || calls[4].wait {
		t.Errorf("clear calls = %+v %+v, want clear(wait=true), clear(wait=false)", calls[3], calls[4])
	}
}

func TestSetSinkRestoresTheSinkBefore(t *testing.T) {
	a, b := &fakeSink{}, &fakeSink{}
	restoreA := SetSink(a)
	restoreB := SetSink(b)
	Display(1)
	restoreB()
	restoreB() // a second call changes nothing
	Display(2)
	restoreA()
	if currentSink() != nil {
		t.Errorf("sink after restoring all = %v, want nil", currentSink())
	}
	if len(b.snapshot()) != 1 || len(a.snapshot()) != 1 {
		t.Errorf("a got %d, b got %d displays; want 1 each", len(a.snapshot()), len(b.snapshot()))
	}
}

func TestConcurrentDisplays(t *testing.T) {
	sink := &fakeSink{}
	defer SetSink(sink)()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				h := Display(i)
				h.Update(HTML(fmt.Sprint(i)))
			}
		}()
	}
	wg.Wait()
	calls := sink.snapshot()
	if len(calls) != 8*50*2 {
		t.Fatalf("got %d calls, want %d", len(calls), 8*50*2)
	}
	ids := map[string]int{}
	for _, c := range calls {
		ids[c.id]++
	}
	if len(ids) != 400 {
		t.Errorf("got %d distinct ids, want 400", len(ids))
	}
}

// renderers used by TestRender.
type htmlThing struct{}

func (htmlThing) HTML() string     { return "<b>h</b>" }
func (htmlThing) Markdown() string { return "**m**" }
func (htmlThing) String() string   { return "thing" }

type svgThing struct{}

func (svgThing) SVG() string   { return `<svg xmlns="http://www.w3.org/2000/svg"></svg>` }
func (svgThing) LaTeX() string { return `$x^2$` }

type noTextRenderer struct{}

func (noTextRenderer) MIMEBundle() Bundle {
	return Bundle{Data: map[string]any{MIMEHTML: "<p>only html</p>"}}
}
func (noTextRenderer) String() string { return "fallback text" }

type panicRenderer struct{}

func (panicRenderer) MIMEBundle() Bundle { panic("boom") }

func TestRender(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 7, 5))
	img.Set(3, 2, color.RGBA{255, 0, 0, 255})
	cases := []struct {
		name  string
		v     any
		text  string
		mimes []string
	}{
		{"nil", nil, "<nil>", nil},
		{"int", 42, "42", nil},
		{"slice", []int{1, 2}, "[1 2]", nil},
		{"bundle", HTML("<p>x</p>"), "x", []string{MIMEHTML}},
		{"renderer without text", noTextRenderer{}, "fallback text", []string{MIMEHTML}},
		{"html and markdown methods", htmlThing{}, "thing", []string{MIMEHTML, MIMEMarkdown}},
		{"svg and latex methods", svgThing{}, "{}", []string{MIMESVG, MIMELaTeX}},
		{"error", errors.New("bad <thing>"), "bad <thing>", []string{MIMEHTML}},
		{"image", img, "[image 7x5 *image.RGBA]", []string{MIMEPNG}},
		{"panicking renderer", panicRenderer{}, "display: rendering a display.panicRenderer value panicked: boom", []string{MIMEHTML}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := Render(c.v)
			if got := textOf(t, b); got != c.text {
				t.Errorf("text/plain = %q, want %q", got, c.text)
			}
			for _, m := range c.mimes {
				if _, ok := b.Data[m]; !ok {
					t.Errorf("no %s in %v", m, keys(b))
				}
			}
			if len(b.Data) != len(c.mimes)+1 {
				t.Errorf("MIME types %v, want text/plain and %v", keys(b), c.mimes)
			}
			if b.Metadata == nil {
				t.Errorf("metadata is nil")
			}
			if h, ok := b.Data[MIMEHTML].(string); ok {
				checkXML(t, "text/html", h)
			}
		})
	}
	// The error is escaped and red in HTML.
	h := Render(errors.New("bad <thing>")).Data[MIMEHTML].(string)
	if !strings.Contains(h, "bad &lt;thing&gt;") || !strings.Contains(h, "color:#c62828") {
		t.Errorf("error HTML = %q", h)
	}
	// The image decodes to the same pixels.
	got := decodePNG(t, Render(img).Data[MIMEPNG])
	if got.Bounds().Dx() != 7 || got.Bounds().Dy() != 5 {
		t.Errorf("PNG size %v, want 7x5", got.Bounds())
	}
	if r, _, _, _ := got.At(3, 2).RGBA(); r>>8 != 255 {
		t.Errorf("pixel (3,2) red = %d, want 255", r>>8)
	}
	// A renderer's own map isn't changed when text is added.
	nt := noTextRenderer{}.MIMEBundle()
	Render(nt)
	if _, ok := nt.Data[MIMEText]; ok {
		t.Errorf("Render changed the renderer's bundle")
	}
}

func TestRenderCutsLongText(t *testing.T) {
	b := Render(strings.Repeat("é", MaxTextBytes))
	s := textOf(t, b)
	if len(s) > MaxTextBytes+100 || !strings.Contains(s, "cut:") {
		t.Errorf("text of %d bytes, want at most %d and a cut mark", len(s), MaxTextBytes+100)
	}
	if !strings.HasPrefix(s, "éé") || strings.ContainsRune(s, '\uFFFD') {
		t.Errorf("cut text isn't valid UTF-8 text")
	}
}

func keys(b Bundle) []string {
	var out []string
	for k := range b.Data {
		out = append(out, k)
	}
	return out
}

func TestConstructors(t *testing.T) {
	var pngBuf, jpgBuf bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 4, 3))
	if err := png.Encode(&pngBuf, img); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jpgBuf, img, nil); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		b    Bundle
		mime string
		data any // expected value under mime; nil: only present
		text string
	}{
		{"text", Text("plain"), MIMEText, "plain", "plain"},
		{"html", HTML("<h1>Title</h1><p>a &lt; b</p><script>x()</script>"), MIMEHTML, nil, "Title\na < b"},
		{"markdown", Markdown("# T"), MIMEMarkdown, "# T", "# T"},
		{"latex bare", LaTeX(`x^2`), MIMELaTeX, "$$x^2$$", "x^2"},
		{"latex delimited", LaTeX(`$x$`), MIMELaTeX, "$x$", "$x$"},
		{"svg", SVG(`<svg width="3"></svg>`), MIMESVG, `<svg width="3"></svg>`, "[SVG image, 21 bytes]"},
		{"png", PNG(pngBuf.Bytes()), MIMEPNG, base64.StdEncoding.EncodeToString(pngBuf.Bytes()), "[PNG image 4x3]"},
		{"jpeg", JPEG(jpgBuf.Bytes()), MIMEJPEG, base64.StdEncoding.EncodeToString(jpgBuf.Bytes()), "[JPEG image 4x3]"},
		{"image", Image(img), MIMEPNG, nil, "[image 4x3 *image.Gray]"},
		{"json value", JSON(map[string]int{"a": 1}), MIMEJSON, map[string]any{"a": 1.0}, "{\n  \"a\": 1\n}"},
		{"json text", JSON(`[1, "x"]`), MIMEJSON, []any{1.0, "x"}, "[\n  1,\n  \"x\"\n]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := c.b.Data[c.mime]
			if !ok {
				t.Fatalf("no %s in %v (text %q)", c.mime, keys(c.b), textOf(t, c.b))
			}
			if c.data != nil && fmt.Sprint(got) != fmt.Sprint(c.data) {
				t.Errorf("%s = %v, want %v", c.mime, got, c.data)
			}
			if txt := textOf(t, c.b); txt != c.text {
				t.Errorf("text/plain = %q, want %q", txt, c.text)
			}
			if _, err := json.Marshal(c.b); err != nil {
				t.Errorf("bundle doesn't marshal as JSON: %v", err)
			}
		})
	}
	if m := PNG(pngBuf.Bytes()).Metadata[MIMEPNG].(map[string]any); m["width"] != 4 || m["height"] != 3 {
		t.Errorf("PNG metadata = %v, want width 4 height 3", m)
	}
}

func TestConstructorsRejectBadInput(t *testing.T) {
	cases := []struct {
		name string
		b    Bundle
		want string
	}{
		{"svg", SVG("<html></html>"), "not an SVG image"},
		{"png", PNG([]byte("GIF89a")), "display.PNG: not a PNG image"},
		{"jpeg", JPEG(nil), "display.JPEG: not a JPEG image"},
		{"image", Image(nil), "the image is nil"},
		{"json text", JSON(`{"a":`), "display.JSON: invalid JSON text"},
		{"json value", JSON(make(chan int)), "display.JSON: marshalling chan int"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if txt := textOf(t, c.b); !strings.Contains(txt, c.want) {
				t.Errorf("text/plain = %q, want it to contain %q", txt, c.want)
			}
			if _, ok := c.b.Data[MIMEHTML]; !ok {
				t.Errorf("an error bundle has no HTML form")
			}
		})
	}
}
