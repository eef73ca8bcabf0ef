package eval

import "testing"

// Patch 140: a switch whose tag is not an interface and a case is (switch t { case i: }
// with i a fooer) converted the tag to the interpreter's interface representation, and
// reflect panicked ("value of type namedpool.Int_0 cannot be converted to type
// interp.valueInterface": typeparam/issue51522b.go of Go's test suite, issue 29); it
// compares as == on interfaces, as Go does. The expected output is go run's.
func TestSwitchConcreteTagInterfaceCase(t *testing.T) {
	checkCorpusProgramBare(t, "switch_concrete_tag_iface_case")
	checkCorpusProgram(t, "switch_concrete_tag_iface_case")
}
