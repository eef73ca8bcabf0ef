package eval

import "testing"

// Patch 160: an untyped constant shifted by a variable had the constant's default type
// (int), where Go gives it the type it would have in the shift's place: `x := val |
// 1<<uint(pos)` with val a uint64 panicked in reflect ("SetUint on int Value", Go's
// test divmod.go), and `g(1 << pos)` with g taking a uint64 passed an int. The
// expected output is go run's.
func TestUntypedShiftTakesOperandType(t *testing.T) {
	checkCorpusProgramBare(t, "untyped_shift_operand_type")
	checkCorpusProgram(t, "untyped_shift_operand_type")
}
