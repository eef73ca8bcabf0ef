package eval

import "testing"

// Patch 142: make of a receive-only or send-only channel type (make(<-chan int), a
// Recv <-chan int) panicked ("reflect.MakeChan: unidirectional channel type");
// Go makes it (typeparam/append.go of Go's test suite, issue 29). The expected output
// is go run's (the bare interpreter prints %T of a defined type by its underlying one,
// so only the cell is compared).
func TestMakeDirectionalChannel(t *testing.T) {
	checkCorpusProgram(t, "make_directional_chan")
}
