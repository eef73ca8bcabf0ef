package eval

import "testing"

// The printer calls a String or Error method of a generic type's instance that the
// rewrite registered; an instance that only generic code makes (H[T]{v} in a function
// called with int8) was not registered, and printed as its fields. The rewrite follows
// the instantiations of the cell's generic functions and methods. The expected output is
// go run's.
func TestGenericInstanceMadeInGenericCode(t *testing.T) {
	checkCorpusProgram(t, "generic_instance_made_in_generic_code")
}
