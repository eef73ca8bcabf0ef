package eval

import "testing"

// A defined basic type of a compiled package (time.Duration, time.Month, os.FileMode) as
// the type argument of a constraint with ~ terms (cmp.Ordered: slices.Sort, slices.Max,
// cmp.Compare): the interpreter holds such a type as a reflect type, whose underlying
// type it did not see, and refused it ("time.Duration does not implement cmp.Ordered");
// yaegi patch 217 compares its reflect kind with the term's type.
func TestOrderedConstraintOfCompiledTypes(t *testing.T) {
	checkCorpusProgram(t, "generic_ordered_compiled_type")
}
