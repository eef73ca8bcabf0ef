package eval

import "testing"

// A composite literal of a compiled map type whose elements are pointers, with the &T of
// an element elided (fstest.MapFS{"f": {Data: ...}}): the interpreter typed the element
// as the pointer type itself and panicked while compiling ("CFG post-order panic: nil
// pointer dereference"; the standard library's io/fs.ExampleGlob and ExampleReadFile).
// Yaegi patch 220 makes it a pointer to the composite, as for element types written in
// the cell.
func TestElidedPointerElementsOfCompiledMaps(t *testing.T) {
	checkCorpusProgram(t, "elided_pointer_compiled_map")
	checkCorpusProgramBare(t, "elided_pointer_compiled_map")
}
