package eval

import "testing"

// A failed assertion x.(T) where x holds another type named T (declared in another
// function) panics, as with gc, with the runtime's "(types from different scopes)"
// (fixedbugs/issue26094.go of Go's test suite checks the words, issue 29). The
// expected output is go run's.
func TestAssertTypesOfOneNameMessage(t *testing.T) {
	checkCorpusProgram(t, "assert_types_of_one_name")
}
