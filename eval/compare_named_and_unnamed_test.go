package eval

import "testing"

// Patch 161: Go compares a value of a named type with one of an unnamed type of the
// same underlying type (one is assignable to the other). `a != dummyID(1234)` with a
// of type OutputID [32]any was refused ("mismatched types main.OutputID and
// [32]interface{}", Go's test fixedbugs/issue23545.go) and, once allowed, gave unequal
// for equal values; `P{1} == struct{ X int }{1}` and `&x == &y` with x an any and y an
// interface{} (fixedbugs/issue49665.go) were refused. The expected output is go run's.
func TestCompareNamedWithUnnamedType(t *testing.T) {
	checkCorpusProgramBare(t, "compare_named_and_unnamed")
	checkCorpusProgram(t, "compare_named_and_unnamed")
}
