package eval

import "testing"

// A function literal deferred (or started as a goroutine) in a loop that changes a
// variable of the loop changes its own iteration's variable (the rewrite's
// loopParams passes such a variable by its address, eval/internal/rewrite/defer.go).
// It ran on the function's frame as it is when the deferred call runs, so the
// literals deferred in a loop all changed the last iteration's variable (random
// program seed 7323: `r *= int32(min(int8(g), int8(-9)))` on a range loop's rune, a
// global left at 1861137 for Go's -927). The expected output is go run's.
func TestDeferredLiteralChangesLoopVar(t *testing.T) {
	checkCorpusProgram(t, "deferred_literal_changes_loop_var")
}
