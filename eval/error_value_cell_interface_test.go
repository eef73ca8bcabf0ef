package eval

import "testing"

// The rewrite boxes a value of a cell type held in an error (a compiled type with its
// methods). Its assertion to an interface declared in a cell tried the cell's types on
// the box, so `g.(I)` with g an error holding an E panicked "main.E is not main.I:
// missing method Error" (random program seed 19797), and a failed one named the
// interface's first method, not the one E lacks. The expected output is go run's.
func TestErrorValueAssertedToCellInterface(t *testing.T) {
	checkCorpusProgram(t, "error_value_to_cell_interface")
}
