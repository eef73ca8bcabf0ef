package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/kernel/crash"
)

// An outputLog replays into the outputs a Recorder would have made: streams merged,
// display updates applied, a clear honoured, a reset forgotten, and a last line cut short
// by a dying process ignored.
func TestOutputLogReplays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outputs.jsonl")
	l, err := openOutputLog(path)
	if err != nil {
		t.Fatal(err)
	}
	l.Stream("stdout", "from the cell before\n")
	l.reset()
	l.Stream("stdout", "a")
	l.Stream("stdout", "b\n")
	l.ClearOutput(true)
	l.Stream("stderr", "warn\n")
	l.Display(display.Bundle{Data: map[string]any{"text/plain": "0%"}}, "bar", false)
	l.Stream("stdout", "c\n")
	l.Display(display.Bundle{Data: map[string]any{"text/plain": "100%"}}, "bar", true)
	l.Close()
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"stream":{"name":"stdout","te`) // the process died here
	f.Close()

	got := replayOutputs(path)
	want := []map[string]any{
		{"output_type": "stream", "name": "stderr", "text": "warn\n"},
		{"output_type": "display_data", "data": map[string]any{"text/plain": "100%"}, "metadata": map[string]any{}},
		{"output_type": "stream", "name": "stdout", "text": "c\n"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("replayed:\n%v\nwant:\n%v", got, want)
	}
	if out := replayOutputs(filepath.Join(t.TempDir(), "none")); out != nil {
		t.Errorf("no file: %v", out)
	}
}

// untilCrash shows a worker's stderr line by line up to its crash report, none of the
// report (not even a first line split across writes), and a last line without an end.
func TestUntilCrashHidesTheReport(t *testing.T) {
	for _, piece := range []int{1, 5, 1000} {
		var watch crash.Watcher
		var shown strings.Builder
		u := &untilCrash{watch: &watch, out: &shown}
		in := "a warning\nruntime: goroutine stack exceeds 16777216-byte limit\nfatal error: stack overflow\n\ngoroutine 1 [running]:\n"
		for s := in; len(s) > 0; {
			k := min(piece, len(s))
			u.Write([]byte(s[:k]))
			s = s[k:]
		}
		u.flush()
		if shown.String() != "a warning\n" {
			t.Errorf("pieces of %d: shown %q", piece, shown.String())
		}
		if !strings.HasPrefix(watch.Report(), "runtime: goroutine stack exceeds") {
			t.Errorf("pieces of %d: report %q", piece, watch.Report())
		}
	}
	var watch crash.Watcher
	var shown strings.Builder
	u := &untilCrash{watch: &watch, out: &shown}
	u.Write([]byte("no newline at the end"))
	if shown.Len() != 0 {
		t.Errorf("a partial line was shown before its end: %q", shown.String())
	}
	u.flush()
	if shown.String() != "no newline at the end" {
		t.Errorf("after flush: %q", shown.String())
	}
}
