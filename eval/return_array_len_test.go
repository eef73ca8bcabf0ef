package eval

import "testing"

// Patch 127: `return len(a)` with a an array returned 0. Patch 155 folds len and cap of
// an array to a constant of its type, and a return of one call copies nothing (the
// call stores into the result), so the constant was never stored. The expected output
// is go run's.
func TestReturnArrayLen(t *testing.T) {
	checkCorpusProgramBare(t, "smith_return_array_len")
	checkCorpusProgram(t, "smith_return_array_len")
}
