package eval

import "testing"

// Patch 126: a range over an array, a slice or an array pointer counted in its index
// variable, so `for i := range s { i = 0 }` went back to the start each time, for ever
// (gosmith seed 19 ran past its time), and `i += 10` skipped elements. The position is
// a slot of the loop's own now. Cells only: the closures of the program need each
// iteration's own variables, which the rewrite gives. The expected output is go run's.
func TestRangeIndexAssigned(t *testing.T) {
	checkCorpusProgram(t, "smith_range_index_assigned")
}
