package eval

import "testing"

// Patch 99: a select's send clause sends the value a send statement sends: an untyped
// constant as the channel's element type (case c32 <- 123: panicked, "reflect.Select:
// value of type int is not assignable to type int32": Go's test chan/nonblock.go), a
// value on a channel of an interface type as that interface. The program sends untyped
// constants on channels of sized numeric types, a comparison on a chan bool, values with
// methods and nil on channels of interface types, a declared function on a channel of
// funcs. The program: eval/testdata/corpus/select_send_converts.go.
func TestSelectSendConvertsToElementType(t *testing.T) {
	checkCorpusProgram(t, "select_send_converts")
}
