package eval

import "testing"

// Patch 240: a logical operator, `&&` or `||`, among the operands of a return, an
// assignment, a call, an operator or a composite literal with calls in them kept the
// order of the source (with a call in it) or was read after the calls (without one):
// `return f() && c, int32(-9) + (5 &^ g39[0]), g()` with g sorting g39 read g39[0]
// before g ran, and `return b && true, g()` read b after g changed it. gc computes a
// logical operator where it stands among the calls, and reads the other operands
// after them (found by gosmith seed 9398, issue 29). The expected output is go run's.
func TestLogicalOperandOrder(t *testing.T) {
	checkCorpusProgramBare(t, "smith_logical_operand_order")
	checkCorpusProgram(t, "smith_logical_operand_order")
}
