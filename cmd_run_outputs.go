package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/kernel/notebook"
)

// outputLog keeps the running cell's outputs in a file, one JSON line per output as it
// happens (a write each, so the kernel has it even when the process dies the next
// instant): a worker that dies with its cell leaves what the cell printed and displayed
// before, and the parent replays it into the cell (replayOutputs). It is an eval.Output
// for notebook.RunOptions.Observer; reset empties it when a cell starts.
type outputLog struct {
	mu sync.Mutex
	f  *os.File
}

// loggedOutput is one line of an outputLog: one of Stream, Display (with ID and Update),
// Clear (its wait flag).
type loggedOutput struct {
	Stream  *loggedStream   `json:"stream,omitempty"`
	Display *display.Bundle `json:"display,omitempty"`
	ID      string          `json:"id,omitempty"`
	Update  bool            `json:"update,omitempty"`
	Clear   *bool           `json:"clear,omitempty"`
}

type loggedStream struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

func openOutputLog(path string) (*outputLog, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	return &outputLog{f: f}, nil
}

// reset empties the log for the next cell.
func (l *outputLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.f.Truncate(0)
}

func (l *outputLog) write(o loggedOutput) {
	data, err := json.Marshal(o)
	if err != nil {
		return // a display bundle that can't be encoded can't be written to the notebook either
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.f.Write(append(data, '\n'))
}

func (l *outputLog) Stream(name, text string) {
	l.write(loggedOutput{Stream: &loggedStream{name, text}})
}

func (l *outputLog) Display(b display.Bundle, id string, update bool) {
	l.write(loggedOutput{Display: &b, ID: id, Update: update})
}

func (l *outputLog) ClearOutput(wait bool) { l.write(loggedOutput{Clear: &wait}) }

// Input is never called (see notebook.RunOptions.Observer).
func (l *outputLog) Input(string, bool) (string, error) {
	return "", errors.New("an output log takes no input")
}

func (l *outputLog) Close() error { return l.f.Close() }

// replayOutputs returns the outputs an outputLog's file holds, as the cell's Recorder had
// them (streams merged, updates applied, clears honoured). A line cut short by the
// process's death ends it; a missing file is no outputs.
func replayOutputs(path string) []map[string]any {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	rec := &notebook.Recorder{}
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			if err != io.EOF || len(line) == 0 {
				break
			}
		}
		var o loggedOutput
		if json.Unmarshal(line, &o) != nil {
			break
		}
		switch {
		case o.Stream != nil:
			rec.Stream(o.Stream.Name, o.Stream.Text)
		case o.Display != nil:
			rec.Display(*o.Display, o.ID, o.Update)
		case o.Clear != nil:
			rec.ClearOutput(*o.Clear)
		}
		if err != nil {
			break
		}
	}
	return rec.Outputs()
}

// outputEcho shows a running cell's outputs on the terminal (see cellProgress.echo).
type outputEcho struct{ p *cellProgress }

func (e outputEcho) Stream(name, text string) { e.p.text(text) }

func (e outputEcho) Display(b display.Bundle, id string, update bool) {
	if !update {
		e.p.block(summarize(b.Data))
	}
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
// else the richest type and its size on one line, as "[image/svg+xml 43 KB]" (images in
// base64 count their decoded bytes). The result ends with a newline.
func summarize(data map[string]any) string {
	var types []string
	for t := range data {
		if t != "text/plain" {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		text := plainText(data["text/plain"])
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
		size = len(plainText(v))
	default:
		enc, _ := json.Marshal(v)
		size = len(enc)
	}
	return fmt.Sprintf("[%s %s]\n", t, byteSize(size))
}

// plainText reads a text value of a bundle: a string or nbformat's list of lines.
func plainText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var b strings.Builder
		for _, l := range t {
			if s, ok := l.(string); ok {
				b.WriteString(s)
			}
		}
		return b.String()
	}
	return ""
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

// teeOutput sends a cell's outputs to each of its Outputs (Input to none: see
// notebook.RunOptions.Observer).
type teeOutput []eval.Output

func (t teeOutput) Stream(name, text string) {
	for _, o := range t {
		o.Stream(name, text)
	}
}

func (t teeOutput) Display(b display.Bundle, id string, update bool) {
	for _, o := range t {
		o.Display(b, id, update)
	}
}

func (t teeOutput) ClearOutput(wait bool) {
	for _, o := range t {
		o.ClearOutput(wait)
	}
}

func (t teeOutput) Input(string, bool) (string, error) {
	return "", errors.New("an observer takes no input")
}

// noticeExecutor runs cells with an Executor and makes the running cell's stderr the
// place of the gpu package's notices (the fall-back to simulated devices), as the kernel's
// evaluator does by making its stderr the running cell's: one place for them, in the
// terminal and in the notebook. Outside a cell a notice goes to the process's stderr.
type noticeExecutor struct {
	ex notebook.Executor

	mu  sync.Mutex
	out eval.Output // the running cell's
}

func (n *noticeExecutor) Execute(ctx context.Context, req eval.ExecuteRequest, out eval.Output) (eval.Result, error) {
	n.mu.Lock()
	n.out = out
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		n.out = nil
		n.mu.Unlock()
	}()
	return n.ex.Execute(ctx, req, out)
}

// Write is a notice: it becomes stderr text of the running cell.
func (n *noticeExecutor) Write(p []byte) (int, error) {
	n.mu.Lock()
	out := n.out
	n.mu.Unlock()
	if out == nil {
		return os.Stderr.Write(p)
	}
	out.Stream("stderr", string(p))
	return len(p), nil
}
