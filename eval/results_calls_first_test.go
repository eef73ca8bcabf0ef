package eval

import (
	"os"
	"testing"
)

// Patch 115: the results of a return statement and the values of a multiple assignment
// were evaluated in the order of the source: `return e[0], f()` and `a, b := e[0], f()`
// with e empty panicked before f ran, and `return uint(i) + 1, g()` read i before g
// changed it, where gc runs the calls first (found by the random programs, issue 29,
// seed 986). The expected output is go run's.
func TestResultsCallsFirst(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_results_calls_first.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_results_calls_first.out")
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
