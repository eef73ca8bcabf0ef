package eval

import "testing"

// Patch 119: a case condition folded to a constant (!true, 1 > 2) ran nothing, so the
// switch went on to its body whatever the constant, and such a constant as an operand
// of || skipped the other operand (`case !true || x > 0:` matched nothing). It now
// branches on its value as a name does. The expected output is go run's.
func TestConstantCaseConditions(t *testing.T) {
	checkCorpusProgramBare(t, "smith_constant_case_conditions")
	checkCorpusProgram(t, "smith_constant_case_conditions")
}
