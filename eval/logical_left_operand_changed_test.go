package eval

import "testing"

// Patch 241: a logical operator read its left operand again after its right one ran:
// `b && g()` with g setting b to false gave false, and `b || g()` with g setting b to
// true gave true, where Go's value is g's result (found beside gosmith seed 9398,
// issue 29). The operator's value is now its right operand's when the left one did not
// decide it. The expected output is go run's.
func TestLogicalLeftOperandChanged(t *testing.T) {
	checkCorpusProgramBare(t, "smith_logical_left_operand_changed")
	checkCorpusProgram(t, "smith_logical_left_operand_changed")
}
