package eval

import "testing"

// Patch 123: a conversion to a bool type used as a condition ran without branching: `if
// N1(b) {}` took its body whatever b, and `N1(b) || f()` went on to the || without
// evaluating f() (false). It branches on the converted value now. Cells only: in the bare
// interpreter a type assertion as a condition (if i.(bool) {}) has the same fault, which
// cells do not reach (the rewrite asserts with rt). The expected output is go run's.
func TestConversionConditions(t *testing.T) {
	checkCorpusProgram(t, "smith_conversion_conditions")
}
