package eval

import "testing"

// Patch 122: `d := []int{}` (a slice, array or map literal) or `v := <-ch` declaring
// a variable in a loop's body stored into the variable's storage, kept from the pass
// before, so every closure made in the loop saw the last pass's value (Go: each its
// own). The statement makes a new variable now, as other declarations do. The
// expected output is go run's.
func TestLoopLiteralVariables(t *testing.T) {
	checkCorpusProgramBare(t, "smith_loop_literal_variables")
	checkCorpusProgram(t, "smith_loop_literal_variables")
}
