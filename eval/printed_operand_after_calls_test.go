package eval

import "testing"

// Patch 124: the rewrite wraps a printed operand that may hold a cell value in a call
// (_pb_show(v, id)), and the interpreter evaluated it in its place among the calls:
// `fmt.Println(v, func() int { v = nil; return 1 }())` printed v's old value, where gc
// reads the operand after the calls. The wrappers are evaluated as operands now
// (Interpreter.SetOperandFuncs). The expected output is go run's.
func TestPrintedOperandAfterCalls(t *testing.T) {
	checkCorpusProgram(t, "smith_printed_operand_after_calls")
}
