package eval

import "testing"

// Generic type declarations named _ (type _[T any] struct{}) declare nothing; the
// rewrite drops them, as yaegi failed on them ("cannot use _ as value":
// typeparam/issue48424.go of Go's test suite, issue 29). The expected output is go
// run's.
func TestBlankGenericTypeDeclarations(t *testing.T) {
	checkCorpusProgram(t, "blank_generic_types")
}
