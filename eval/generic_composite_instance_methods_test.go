package eval

import "testing"

// yaegi patch 245: an instance of a generic slice, map, array or channel type is named
// by its generic type (main.L[int]), not by its underlying type ([]int), so the printer
// finds the String method of its values held in interfaces and %T names it. The
// expected output is go run's.
func TestGenericCompositeInstanceMethods(t *testing.T) {
	checkCorpusProgram(t, "generic_composite_instance_methods")
}
