package eval

import "testing"

// A printed operand that gc converts to an interface by its address (a composite
// literal like [2]T{...}, a local struct or bool variable) is copied where it stands,
// before the next arguments' calls; other operands (an int, a string, an interface, a
// parameter, a package variable) are read after them. Patch 124 read every wrapped
// operand after the calls ([2]E66{{v}, {v}} printed v's new value, gosmith seed 534);
// the rewrite converts the first kind in place now (_pb_now). Go leaves the order open:
// the expected output is gc's (go run).
func TestPrintOperandOrder(t *testing.T) {
	checkCorpusProgram(t, "smith_print_operand_order")
}
