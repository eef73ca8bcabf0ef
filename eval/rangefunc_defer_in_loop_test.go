package eval

import "testing"

// The rewrite collects the defer statements of a range over a function's body on a
// list that a deferred runner calls; inside a loop, each pass declares a list, and the
// runner, a deferred function literal, read the list of the last pass (the interpreter
// runs it on the function's frame as it is at the end): every pass's calls saw the last
// pass's variables. The runner is given its list's pointer now. The expected output is
// go run's.
func TestRangeFuncDeferInLoop(t *testing.T) {
	checkCorpusProgram(t, "smith_rangefunc_defer_in_loop")
}
