package notebook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// mimeOrder is the order in which a page picks one representation of an output, richest first.
var mimeOrder = []string{"text/html", "image/svg+xml", "image/png", "image/jpeg", "text/markdown",
	"text/latex", "application/json", "text/plain"}

var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// WriteHTML renders the notebook as one self-contained HTML page: prose, code and every rich
// output, with images inlined, so that a browser shows it with no server and no network.
func (nb *Notebook) WriteHTML(w io.Writer, title string) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>\n<style>%s</style></head><body><main>\n",
		html.EscapeString(title), pageStyle)
	for _, c := range nb.Cells {
		switch c.Type() {
		case "markdown":
			b.WriteString(`<section class="md">`)
			if err := markdown.Convert([]byte(c.Source()), &b); err != nil {
				fmt.Fprintf(&b, "<pre>%s</pre>", html.EscapeString(c.Source()))
			}
			b.WriteString("</section>\n")
		case "code":
			count := "&nbsp;"
			if n, ok := c.raw["execution_count"].(float64); ok {
				count = fmt.Sprint(int(n))
			} else if n, ok := c.raw["execution_count"].(int); ok {
				count = fmt.Sprint(n)
			}
			fmt.Fprintf(&b, "<section class=\"code\"><div class=\"prompt\">[%s]:</div><pre class=\"src\">%s</pre>\n",
				count, html.EscapeString(c.Source()))
			for _, o := range c.Outputs() {
				writeOutput(&b, o)
			}
			b.WriteString("</section>\n")
		default:
			fmt.Fprintf(&b, "<pre class=\"raw\">%s</pre>\n", html.EscapeString(c.Source()))
		}
	}
	b.WriteString("</main></body></html>\n")
	_, err := w.Write(b.Bytes())
	return err
}

func writeOutput(b *bytes.Buffer, o map[string]any) {
	switch o["output_type"] {
	case "stream":
		cls := "stdout"
		if o["name"] == "stderr" {
			cls = "stderr"
		}
		fmt.Fprintf(b, "<pre class=\"out %s\">%s</pre>\n", cls, html.EscapeString(JoinText(o["text"])))
	case "error":
		var lines []string
		if tb, ok := o["traceback"].([]any); ok {
			for _, l := range tb {
				s, _ := l.(string)
				lines = append(lines, ansiToHTML(s))
			}
		}
		fmt.Fprintf(b, "<pre class=\"out error\">%s</pre>\n", strings.Join(lines, "\n"))
	case "display_data", "execute_result":
		data, _ := o["data"].(map[string]any)
		writeData(b, data)
	}
}

func writeData(b *bytes.Buffer, data map[string]any) {
	for _, mime := range mimeOrder {
		v, ok := data[mime]
		if !ok {
			continue
		}
		b.WriteString(`<div class="out rich">`)
		switch mime {
		case "text/html", "image/svg+xml":
			b.WriteString(JoinText(v))
		case "image/png", "image/jpeg":
			fmt.Fprintf(b, `<img src="data:%s;base64,%s">`, mime, strings.TrimSpace(JoinText(v)))
		case "text/markdown":
			if err := markdown.Convert([]byte(JoinText(v)), b); err != nil {
				fmt.Fprintf(b, "<pre>%s</pre>", html.EscapeString(JoinText(v)))
			}
		case "application/json":
			js, _ := json.MarshalIndent(v, "", "  ")
			fmt.Fprintf(b, "<pre>%s</pre>", html.EscapeString(string(js)))
		default:
			fmt.Fprintf(b, "<pre>%s</pre>", html.EscapeString(JoinText(v)))
		}
		b.WriteString("</div>\n")
		return
	}
}

var sgr = regexp.MustCompile("\x1b\\[([0-9;]*)m")

var sgrColours = map[string]string{"30": "#000", "31": "#c00", "32": "#070", "33": "#a60",
	"34": "#00c", "35": "#a0a", "36": "#088", "37": "#888", "90": "#666", "91": "#e33",
	"92": "#3a3", "93": "#c90", "94": "#33e", "95": "#c3c", "96": "#3cc"}

// ansiToHTML turns the SGR colour codes of a traceback line into spans.
func ansiToHTML(s string) string {
	var b strings.Builder
	open := 0
	last := 0
	for _, m := range sgr.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(html.EscapeString(s[last:m[0]]))
		last = m[1]
		for _, code := range strings.Split(s[m[2]:m[3]], ";") {
			switch {
			case code == "" || code == "0" || code == "39":
				for ; open > 0; open-- {
					b.WriteString("</span>")
				}
			case code == "1":
				b.WriteString(`<span style="font-weight:bold">`)
				open++
			case sgrColours[code] != "":
				fmt.Fprintf(&b, `<span style="color:%s">`, sgrColours[code])
				open++
			}
		}
	}
	b.WriteString(html.EscapeString(s[last:]))
	for ; open > 0; open-- {
		b.WriteString("</span>")
	}
	return b.String()
}

const pageStyle = `
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#fafafa;color:#222}
main{max-width:1000px;margin:2em auto;padding:0 1em}
section{margin:1em 0}
section.md{line-height:1.5}
section.md code{background:#eee;padding:0 .2em;border-radius:3px}
section.code{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.5em}
.prompt{color:#307fc1;font-family:monospace;font-size:.85em}
pre{margin:.3em 0;overflow-x:auto;font-size:.9em;tab-size:4;-moz-tab-size:4}
pre.out,.out.rich>pre{white-space:pre-wrap;overflow-wrap:anywhere}
pre.src{background:#f5f7f9;padding:.5em;border-radius:4px}
.out{margin:.4em 0}
pre.stderr{background:#fdd;padding:.3em}
pre.error{background:#fee;padding:.5em;border-left:3px solid #c00}
table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.2em .5em}
img{max-width:100%}
`
