package eval

import "testing"

// The calls inside an address of a composite literal (&S{N: f()}) or a slice
// expression kept their place among a statement's operands where gc runs every call
// first (yaegi patch 183): `return v[0], &S{N: f()}` with v empty panicked on the
// index before f ran (random program seed 2563: no L100 line). The expected output is
// go run's, in a cell and on a bare interpreter.
func TestAddressOperandCallsFirst(t *testing.T) {
	checkCorpusProgram(t, "smith_address_operand_calls_first")
	checkCorpusProgramBare(t, "smith_address_operand_calls_first")
}
