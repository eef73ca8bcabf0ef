package eval

import "testing"

// A function literal deferred (or started as a goroutine) in a loop that changes a
// variable of the loop changes its own iteration's variable, shared with the rest of
// that iteration's body (random program seed 7323: `r *= int32(min(int8(g), int8(-9)))`
// on a range loop's rune in a deferred literal left a global at 1861137 for Go's -927:
// the literals deferred in a loop all changed the last iteration's variable). Fixed by
// yaegi patch 221 (a deferred literal runs on a copy of the frame made at the defer
// statement); these shapes (a body variable, a 3-clause loop's variable, a pointer
// method, an array element, goroutines) check it. The expected output is go run's.
func TestDeferredLiteralChangesLoopVar(t *testing.T) {
	checkCorpusProgram(t, "deferred_literal_changes_loop_var")
}
