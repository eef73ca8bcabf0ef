package main

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/internal/notebook"
)

// outputEcho shows a running cell's outputs on the terminal (see cellProgress.echo).
type outputEcho struct{ p *cellProgress }

func (e outputEcho) Stream(name, text string) { e.p.text(text) }

// Display shows a display's summary, and its updates (a progress bar as it moves).
func (e outputEcho) Display(b notebook.Bundle, id string, update bool) {
	if update {
		e.p.update(id, summarize(b.Data))
		return
	}
	e.p.display(id, summarize(b.Data))
}

func (e outputEcho) ClearOutput(wait bool) {}

// Input is never called (see notebook.RunOptions.Observer).
func (e outputEcho) Input(string, bool) (string, error) {
	return "", errors.New("the terminal echo takes no input")
}

// richTypes are the MIME types a summary names, richest first; other types than these and
// text/plain come after them, by name.
var richTypes = []string{"image/svg+xml", "image/png", "image/jpeg", "image/gif", "text/html",
	"text/markdown", "text/latex", "application/json"}

// summarize is a MIME bundle's data for a terminal: its text/plain where that is all it has,
// or where it is one line beside HTML only (a progress bar's "[#####.....] 50% · 5/10"),
// else the richest type and its size on one line, as "[image/svg+xml 43 KB]" (images in
// base64 count their decoded bytes). The result ends with a newline.
func summarize(data map[string]any) string {
	var types []string
	for t := range data {
		if t != "text/plain" {
			types = append(types, t)
		}
	}
	if text := strings.TrimSuffix(notebook.JoinText(data["text/plain"]), "\n"); len(types) == 1 && types[0] == "text/html" &&
		text != "" && !strings.Contains(text, "\n") && len(text) <= 200 {
		return text + "\n"
	}
	if len(types) == 0 {
		text := notebook.JoinText(data["text/plain"])
		if text == "" || strings.HasSuffix(text, "\n") {
			return text
		}
		return text + "\n"
	}
	rank := func(t string) int {
		if i := slices.Index(richTypes, t); i >= 0 {
			return i
		}
		return len(richTypes)
	}
	sort.Slice(types, func(i, j int) bool {
		if ri, rj := rank(types[i]), rank(types[j]); ri != rj {
			return ri < rj
		}
		return types[i] < types[j]
	})
	t := types[0]
	var size int
	switch v := data[t].(type) {
	case string:
		size = len(v)
		if strings.HasPrefix(t, "image/") && t != "image/svg+xml" {
			if raw, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(v), "")); err == nil {
				size = len(raw)
			}
		}
	case []any:
		size = len(notebook.JoinText(v))
	default:
		enc, _ := json.Marshal(v)
		size = len(enc)
	}
	return fmt.Sprintf("[%s %s]\n", t, byteSize(size))
}

// byteSize is n bytes for people: "512 B", "43 KB", "1.5 MB" (KB = 1024 bytes).
func byteSize(n int) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%d KB", (n+512)/1024)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}
