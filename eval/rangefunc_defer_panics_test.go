package eval

import "testing"

// The calls deferred in a range-over-func loop's body, which the rewrite collects and
// runs when the function returns, stopped at the first that panicked: the calls
// deferred before it never ran and a recover saw that first panic, where Go runs them
// all, each panic replacing the one before (`recovered: 1` for Go's -1, random program
// seed 1900). The expected output is go run's.
func TestRangeFuncDeferPanicsRunTheRest(t *testing.T) {
	checkCorpusProgram(t, "smith_rangefunc_defer_panics")
}
