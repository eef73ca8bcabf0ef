package eval

import "testing"

// gc copies a printed local variable where it stands among the call's arguments only
// when it may keep the variable in registers: never when the function takes its
// address (a method with a pointer receiver called on it, &v, v[:]). The rewrite
// copied every such variable, so a later argument's call that changed it through a
// pointer method printed the old value (random program seed 15083, a generic type's
// pointer method; the same with non-generic types). The expected output is go run's.
func TestPrintOperandAddressTaken(t *testing.T) {
	checkCorpusProgram(t, "print_operand_address_taken")
}
