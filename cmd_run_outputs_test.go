package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/peerbook/peerbook/display"
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
