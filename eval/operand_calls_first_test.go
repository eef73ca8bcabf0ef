package eval

import "testing"

// Patch 114: the operands of an operator and the arguments of a call were evaluated in
// the order of the source: `fmt.Println(s[0], f())` and `s[0] + f()` with s empty
// panicked on the index before f ran, where gc calls f first, then indexes (found by
// the random programs, issue 29). The calls and receives among them now run first, the
// rest after. The expected output is go run's.
func TestOperandCallsFirst(t *testing.T) {
	checkCorpusProgramBare(t, "smith_operand_calls_first")
	checkCorpusProgram(t, "smith_operand_calls_first")
}
