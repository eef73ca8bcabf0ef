package eval

import "testing"

// Patch 159: in a generic function, `x.(T)` with x an interface with methods was
// refused for an instance where T cannot implement it (T = bool: "impossible type
// assertion: bool does not implement main.I", Go's test fixedbugs/issue65962.go). Go
// checks it only for the generic code; in an instance the assertion fails when it runs.
// The expected output is go run's.
func TestGenericAssertionToImpossibleTypeArgument(t *testing.T) {
	checkCorpusProgramBare(t, "generic_impossible_assertion")
	checkCorpusProgram(t, "generic_impossible_assertion")
}
