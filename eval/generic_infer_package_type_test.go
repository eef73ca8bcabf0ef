package eval

import "testing"

// A generic function called without type arguments, whose inferred type arguments are
// types of compiled packages (slices.SortFunc on a []constant.Value, a cell's generic
// function on a []fmt.Stringer): the rewrite gives the call its type arguments
// explicitly, and the type expressions it writes kept the positions of the strings they
// were parsed from, which the interpreter read as another file's (whose imports it
// searched for the package's name): the cell failed with "the interpreter panicked while
// compiling" (the standard library's go/constant.ExampleCompare). They are now positioned
// at the call.
func TestInferredTypeArgumentsOfCompiledPackages(t *testing.T) {
	checkCorpusProgram(t, "generic_infer_package_type")
}
