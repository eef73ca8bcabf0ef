package eval

import "testing"

// Patch 133: yaegi checked the type assertions of each instance of a generic function
// at compile time, and refused x.(A) with A = string for an x whose interface has
// methods ("impossible type assertion"); Go checks the generic function once, and the
// instance's assertion fails when it runs (typeparam/issue50002.go, issue51700.go and
// issue52228.go of Go's test suite, issue 29). The expected output is go run's.
func TestGenericAssertionImpossibleInInstance(t *testing.T) {
	checkCorpusProgramBare(t, "generic_assert_never_true")
	checkCorpusProgram(t, "generic_assert_never_true")
}
