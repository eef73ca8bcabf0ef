package notebook

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

const sample = `{
 "cells": [
  {"cell_type": "markdown", "metadata": {}, "source": ["# Title\n", "Some *prose*."]},
  {"cell_type": "code", "execution_count": null, "metadata": {"tags": ["keep"]}, "outputs": [], "source": ["x := 1\n", "x + 1"]},
  {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": "   "},
  {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": "boom"},
  {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": "after"}
 ],
 "metadata": {"kernelspec": {"name": "peerbook"}, "custom": {"a": 1}},
 "nbformat": 4, "nbformat_minor": 5
}`

// scripted answers each cell by its source.
type scripted struct{ ran []string }

func (s *scripted) Execute(ctx context.Context, req evalproto.ExecuteRequest, out Output) (Result, error) {
	s.ran = append(s.ran, req.Code)
	switch req.Code {
	case "boom":
		out.Stream("stderr", "about to fail\n")
		return Result{}, &evalproto.Error{Name: "panic", Value: "boom", Traceback: []string{"\x1b[31mpanic: boom\x1b[0m"}}
	default:
		out.Stream("stdout", "a")
		out.Stream("stdout", "b\n")
		out.Display(Bundle{Data: map[string]any{"text/plain": "first"}}, "d1", false)
		out.Display(Bundle{Data: map[string]any{"text/plain": "second"}}, "d1", true)
		return Result{Value: &Bundle{Data: map[string]any{"text/plain": "2"}}}, nil
	}
}

func TestRunRecordsOutputsAndStopsAtFailure(t *testing.T) {
	nb, err := Decode([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	ex := &scripted{}
	err = Run(context.Background(), nb, ex, RunOptions{})
	var cerr *CellError
	if !errors.As(err, &cerr) || cerr.Index != 4 {
		t.Fatalf("want CellError for cell 4, got %v", err)
	}
	if len(ex.ran) != 2 {
		t.Fatalf("ran %q; the cell after the failure must not run, the blank one is skipped", ex.ran)
	}
	outs := nb.Cells[1].Outputs()
	if len(outs) != 3 {
		t.Fatalf("want stream, display, result; got %v", outs)
	}
	if outs[0]["text"] != "ab\n" {
		t.Errorf("stream chunks not merged: %q", outs[0]["text"])
	}
	if d := outs[1]["data"].(map[string]any)["text/plain"]; d != "second" {
		t.Errorf("display update not applied in place: %v", d)
	}
	if outs[2]["output_type"] != "execute_result" || outs[2]["execution_count"] != 1 {
		t.Errorf("bad execute_result %v", outs[2])
	}
	fail := nb.Cells[3].Outputs()
	if len(fail) != 2 || fail[1]["output_type"] != "error" || fail[1]["ename"] != "panic" {
		t.Errorf("failing cell outputs: %v", fail)
	}

	data, err := nb.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "transient") {
		t.Error("display ids leaked into the file (nbformat forbids transient)")
	}
	again, err := Decode(data)
	if err != nil {
		t.Fatalf("re-decoding our own output: %v", err)
	}
	if again.Metadata()["custom"] == nil || again.Cells[1].raw["metadata"].(map[string]any)["tags"] == nil {
		t.Error("metadata lost on the round trip")
	}
}

func TestContinueOnErrorRunsEverything(t *testing.T) {
	nb, _ := Decode([]byte(sample))
	ex := &scripted{}
	err := Run(context.Background(), nb, ex, RunOptions{ContinueOnError: true})
	if err == nil || len(ex.ran) != 3 {
		t.Fatalf("err %v, ran %q", err, ex.ran)
	}
}

func TestRecorderClearWait(t *testing.T) {
	r := &Recorder{}
	r.Stream("stdout", "old")
	r.ClearOutput(true)
	if len(r.Outputs()) != 1 {
		t.Fatal("clear with wait must keep output until the next one")
	}
	r.Stream("stdout", "new")
	if o := r.Outputs(); len(o) != 1 || o[0]["text"] != "new" {
		t.Fatalf("got %v", o)
	}
	r.ClearOutput(false)
	if len(r.Outputs()) != 0 {
		t.Fatal("clear without wait must clear now")
	}
	if _, err := r.Input("x", false); err == nil {
		t.Fatal("input must fail headless")
	}
}

func TestDecodeRejectsNonNotebooks(t *testing.T) {
	for _, in := range []string{"", "{", `{"nbformat": 3, "cells": []}`, `{"nbformat": 4}`, `{"nbformat":4,"cells":[1]}`} {
		if _, err := Decode([]byte(in)); err == nil {
			t.Errorf("Decode(%q) accepted", in)
		}
	}
}

func TestHTMLHasProseCodeAndRichOutputs(t *testing.T) {
	nb, _ := Decode([]byte(sample))
	nb.Cells[1].SetOutputs([]map[string]any{
		{"output_type": "display_data", "data": map[string]any{"image/png": "iVBORw0KGgo=", "text/plain": "img"}},
		{"output_type": "display_data", "data": map[string]any{"image/svg+xml": "<svg id=\"s\"></svg>", "text/plain": "svg"}},
		{"output_type": "error", "ename": "E", "evalue": "v", "traceback": []any{"\x1b[31mred <tag>\x1b[0m"}},
	}, 1)
	var b bytes.Buffer
	if err := nb.WriteHTML(&b, "t"); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"<h1>Title</h1>", "<em>prose</em>", "x := 1", `data:image/png;base64,iVBORw0KGgo=`,
		`<svg id="s">`, `<span style="color:#c00">red &lt;tag&gt;</span>`, "[1]:"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// The code cells after the one a run stopped at are cleared: their outputs came from the
// notebook as it was read, and would pass for this run's in -o and --html.
func TestCellsAfterAStopAreCleared(t *testing.T) {
	stale := strings.Replace(sample, `"outputs": [], "source": "after"`,
		`"outputs": [{"output_type": "stream", "name": "stdout", "text": "stale output\n"}], "source": "after"`, 1)
	stale = strings.Replace(stale, `{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [{"output_type"`,
		`{"cell_type": "code", "execution_count": 7, "metadata": {}, "outputs": [{"output_type"`, 1)
	for _, interrupted := range []bool{false, true} {
		nb, err := Decode([]byte(stale))
		if err != nil {
			t.Fatal(err)
		}
		last := nb.Cells[4]
		if len(last.Outputs()) != 1 || last.raw["execution_count"] != float64(7) {
			t.Fatalf("the sample's last cell has no stale output: %v", last.raw)
		}
		ctx, cancel := context.WithCancel(context.Background())
		var ex Executor = &scripted{}
		if interrupted {
			ex = cancelling{cancel}
		}
		Run(ctx, nb, ex, RunOptions{})
		cancel()
		if len(last.Outputs()) != 0 || last.raw["execution_count"] != nil {
			t.Errorf("interrupted %v: the cell after the stop keeps %v (count %v)", interrupted, last.Outputs(), last.raw["execution_count"])
		}
		var page bytes.Buffer
		if err := nb.WriteHTML(&page, "t"); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(page.String(), "stale output") || strings.Contains(page.String(), "[7]") {
			t.Errorf("interrupted %v: the page shows the stale output", interrupted)
		}
	}
}

// cancelling runs a cell and then ends the run's context, as Ctrl-C does.
type cancelling struct{ cancel context.CancelFunc }

func (c cancelling) Execute(ctx context.Context, req evalproto.ExecuteRequest, out Output) (Result, error) {
	c.cancel()
	return Result{}, nil
}

// The page wraps long output lines (a long error's end, which says what to do, stays in
// view); the code keeps its lines.
func TestHTMLWrapsLongOutputLines(t *testing.T) {
	nb, err := Decode([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	Run(context.Background(), nb, &scripted{}, RunOptions{})
	var page bytes.Buffer
	if err := nb.WriteHTML(&page, "t"); err != nil {
		t.Fatal(err)
	}
	p := page.String()
	if !strings.Contains(p, "pre.out,.out.rich>pre{white-space:pre-wrap;overflow-wrap:anywhere}") {
		t.Errorf("the page's style does not wrap outputs:\n%s", pageStyle)
	}
	if !strings.Contains(p, `<pre class="out error">`) || !strings.Contains(p, `<pre class="out stderr">about to fail`) {
		t.Errorf("the error and stderr are not outputs the style wraps:\n%s", p)
	}
}

// interruptible is a cell that runs until its context ends, then fails as an interrupted
// cell does.
type interruptible struct{ started chan struct{} }

func (s interruptible) Execute(ctx context.Context, req evalproto.ExecuteRequest, out Output) (Result, error) {
	close(s.started)
	<-ctx.Done()
	return Result{}, &evalproto.Error{Name: "Interrupted", Value: "interrupted", Traceback: []string{"Interrupted"}}
}

// TestInterruptIsNotATimeout: a cell stopped by the run's context (Ctrl-C in peerbook run)
// is named Interrupted, even with a cell timeout set; one stopped by the timeout is named
// Timeout.
func TestInterruptIsNotATimeout(t *testing.T) {
	src := `{"cells": [{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": "for {}"}],
		"metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	nb, _ := Decode([]byte(src))
	ctx, cancel := context.WithCancel(context.Background())
	ex := interruptible{make(chan struct{})}
	go func() { <-ex.started; cancel() }()
	Run(ctx, nb, ex, RunOptions{CellTimeout: time.Hour})
	if outs := nb.Cells[0].Outputs(); len(outs) != 1 || outs[0]["ename"] != "Interrupted" {
		t.Errorf("a cell stopped by Ctrl-C: %v", outs)
	}
	nb, _ = Decode([]byte(src))
	Run(context.Background(), nb, interruptible{make(chan struct{})}, RunOptions{CellTimeout: time.Millisecond})
	if outs := nb.Cells[0].Outputs(); len(outs) != 1 || outs[0]["ename"] != "Timeout" || !strings.Contains(outs[0]["evalue"].(string), "longer than 1ms") {
		t.Errorf("a cell past its timeout: %v", outs)
	}
}
