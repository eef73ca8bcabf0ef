package eval

import (
	"os"
	"testing"
)

// Helpers of the tests that run a corpus program (testdata/corpus/NAME.go, its expected
// output NAME.out from go run) as a bare interpreter's program and as a cell.

// runsAsGoRun runs the corpus program testdata/corpus/NAME.go on a bare interpreter and
// as a cell, and compares each one's standard output with NAME.out, go run's.
func runsAsGoRun(t *testing.T, name string) {
	t.Helper()
	src, err := os.ReadFile("testdata/corpus/" + name + ".go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/" + name + ".out")
	if err != nil {
		t.Fatal(err)
	}
	if got := yaegiStdout(t, string(src)); got != string(want) {
		t.Errorf("bare interpreter: got\n%s\nwant (go run)\n%s", got, want)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}

// cellRunsAsGoRun is runsAsGoRun for a program whose output the bare interpreter writes
// otherwise (the names of its types: %T, reflect): it only compiles there, and its
// output is compared as a cell's.
func cellRunsAsGoRun(t *testing.T, name string) {
	t.Helper()
	src, err := os.ReadFile("testdata/corpus/" + name + ".go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/" + name + ".out")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaegiCompileError(string(src)); err != nil {
		t.Errorf("bare interpreter: %v", err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
