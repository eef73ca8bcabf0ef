package eval

import "testing"

// A function literal deferred in a range-over-func loop's body took the variables of
// the loops around it as they were at the defer statement: the rewrite that collects
// the body's defers bound every argument of the deferred call to a temporary, the
// loop variables the literal is given as parameters (so that each pass sees its own)
// too, where Go's closure sees what the rest of the pass does to them (`x *= 3` after
// the defer: 5 for Go's 15, random program seed 1905). The arguments written in the
// defer statement are still evaluated when it runs. The expected output is go run's.
func TestRangeFuncDeferSeesLoopVariables(t *testing.T) {
	checkCorpusProgram(t, "smith_rangefunc_defer_loop_var")
}
