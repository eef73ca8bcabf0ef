package eval

import "testing"

// The arguments of a call of a generic function kept the order of the source when the
// function's body had a call in it (yaegi patch 182): the instance's declaration is the
// call's function, and the search for calls to run first went into its body and gave
// up, so an argument read a variable before a later argument's call changed it
// (`min(v-2, 7, f())` in a cell, where min is the rewrite's generic _pb_min: -102 for
// Go's 1, random program seed 1019), and an index panicked before the call ran. The
// expected output is go run's.
func TestGenericCallOperandOrder(t *testing.T) {
	checkCorpusProgram(t, "smith_generic_call_operand_order")
}
