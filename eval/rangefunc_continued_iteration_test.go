package eval

import "testing"

// The rewrite's range-over-func loops: an iterator that ignores yield's false and calls
// it again ran the body once more (`for x := range seq { ...; break }` with seq calling
// yield twice printed the second value), where Go panics "runtime error: range function
// continued iteration after function for loop body returned false", or "... after whole
// loop exit" for a yield function called after the loop (issue 29's list of silent
// classes). The expected output is go run's.
func TestRangeFuncContinuedIteration(t *testing.T) {
	checkCorpusProgram(t, "rangefunc_continued_iteration")
}
