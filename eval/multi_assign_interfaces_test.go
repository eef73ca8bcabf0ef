package eval

import "testing"

// Patch 141: a multiple assignment storing a value of a concrete type into a variable
// of an interface type (k, w = 0, V(2), and the range loops the rewrite turns into such
// assignments) kept the converted value in a temporary of the source's type, and
// reflect panicked ("value of type interp.valueInterface is not assignable to type
// namedpool.Int_0": typeparam/mdempsky/17.go of Go's test suite, issue 29). The
// expected output is go run's.
func TestMultipleAssignmentToInterfaces(t *testing.T) {
	checkCorpusProgram(t, "multi_assign_to_interfaces")
}
