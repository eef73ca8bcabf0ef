package eval

import "testing"

// A return of several operands computed the earlier ones straight into their results'
// slots (yaegi patch 181): when a later operand panicked and a deferred call recovered,
// the function returned those values where Go returns its results as they were before
// the return statement (`return mk(), boom()` gave map[1:2] for Go's map[], random
// program seed 1491). Calls, built-ins, compiled calls, arithmetic, an index out of
// range; the expected output is go run's, in a cell and on a bare interpreter.
func TestReturnOperandPanicsLeavesResults(t *testing.T) {
	checkCorpusProgram(t, "smith_return_operand_panics")
	checkCorpusProgramBare(t, "smith_return_operand_panics")
}
