package eval

import "testing"

// Patch 139: v = <-ch stored the received value straight into v's slot: in the
// function's own frame even for a package variable (into another variable's slot:
// "reflect.Set: value of type int is not assignable to type chan int", or an index out
// of range), and raw where v has another type (an int into an any: typeparam/
// issue50642.go of Go's test suite, issue 29; a silent nil in a generic function).
// The expected output is go run's.
func TestReceiveIntoVariableOfOtherType(t *testing.T) {
	checkCorpusProgramBare(t, "recv_into_other_types")
	checkCorpusProgram(t, "recv_into_other_types")
}
