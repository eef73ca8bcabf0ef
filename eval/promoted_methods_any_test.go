package eval

import "testing"

// Patch 130: a value of a struct whose methods are all promoted from an embedded field
// (`type A struct{ B }` with B's methods), stored in an any, lost its type: yaegi kept
// the type of a value put in an empty interface only where the type had methods of its
// own, so asserting it to an interface it implements failed (`x.(getter)` false, or the
// panic of typeparam/genembed.go in Go's test suite, issue 29). The expected output is
// go run's.
func TestPromotedMethodsInAny(t *testing.T) {
	checkCorpusProgramBare(t, "promoted_methods_in_any")
	checkCorpusProgram(t, "promoted_methods_in_any")
}
