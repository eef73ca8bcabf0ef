package eval

import "testing"

// Patch 115: the results of a return statement and the values of a multiple assignment
// were evaluated in the order of the source: `return e[0], f()` and `a, b := e[0], f()`
// with e empty panicked before f ran, and `return uint(i) + 1, g()` read i before g
// changed it, where gc runs the calls first (found by the random programs, issue 29,
// seed 986). The expected output is go run's.
func TestResultsCallsFirst(t *testing.T) {
	checkCorpusProgramBare(t, "smith_results_calls_first")
	checkCorpusProgram(t, "smith_results_calls_first")
}
