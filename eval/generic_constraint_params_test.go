package eval

import "testing"

// Patch 132: an instance's constraints were resolved one by one as its type parameters
// were bound, so a constraint naming a parameter declared after it (M interface{
// ~map[K]V }, K comparable, V any) met an unbound name: "incomplete type" and a panic
// while compiling the call (typeparam/issue48453.go and issue50690a-c.go of Go's test
// suite, issue 29). The expected output is go run's.
func TestGenericConstraintNamingLaterParams(t *testing.T) {
	checkCorpusProgram(t, "generic_constraint_later_params")
}
