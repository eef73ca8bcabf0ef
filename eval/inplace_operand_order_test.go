package eval

import "testing"

// The operations gc computes in their place among a statement's calls (yaegi patch
// 186): a slice expression, a conversion of a string to []byte or []rune, a type
// assertion to a non-pointer type, and a built-in's call in an assignment's
// destination. yaegi moved them after the calls: `"\t\n" + g[i:] + f()` with f
// assigning g sliced the new g (random program seed 9460: `\xa9llo` for Go's
// `\xbd\ufffd\x03`), and `ss[len(q)] = f()` with f appending to q indexed with the new
// length. The expected output is go run's, in a cell and on a bare interpreter.
func TestInPlaceOperandOrder(t *testing.T) {
	checkCorpusProgram(t, "inplace_operand_order")
	checkCorpusProgramBare(t, "inplace_operand_order")
}
