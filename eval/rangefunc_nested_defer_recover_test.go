package eval

import "testing"

// A recover in a call deferred in a range-over-func loop nested in another returned
// nil: the rewrite collects the inner loop's deferred calls on a list whose runner is
// itself deferred in the outer loop's body, and collected there, but the runner's own
// recover() was left the built-in's, which finds nothing once the outer runner has
// taken the panic (`outer:pb2` for Go's ` inner took pb2`, found beside random program
// seed 1900). The expected output is go run's.
func TestRangeFuncNestedDeferRecover(t *testing.T) {
	checkCorpusProgram(t, "smith_rangefunc_nested_defer_recover")
}
