package eval

import "testing"

// A range over a pointer to an array evaluates the pointer once, before the loop, as Go
// does (Go's test range.go): the rewriter (eval/internal/rewrite/loops.go,
// rangeArrayPointer) read it again for each element, so a call in it ran at every
// iteration, and an assignment to the variable in the body changed the array ranged
// over. Without an iteration value it is evaluated only when it holds a call or a
// receive.
// The program: eval/testdata/corpus/range_array_pointer_once.go.
func TestRangeOverArrayPointerEvaluatesItOnce(t *testing.T) {
	checkCorpusProgram(t, "range_array_pointer_once")
}
