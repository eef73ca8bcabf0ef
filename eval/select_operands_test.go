package eval

import "testing"

// A select evaluates the channel operands of its receives and the channels and values of
// its sends once, in source order, before it chooses (the spec's select statement, step
// 1): the rewriter (eval/internal/rewrite/select.go, selectOperands) binds them to
// variables before the statement. yaegi evaluated them case by case, so the send `case
// c <- x:` sent the x a later case's call had changed (Go's test
// fixedbugs/issue4313.go).
// The program: eval/testdata/corpus/select_operands_once_in_order.go.
func TestSelectEvaluatesOperandsInSourceOrder(t *testing.T) {
	checkCorpusProgram(t, "select_operands_once_in_order")
}
