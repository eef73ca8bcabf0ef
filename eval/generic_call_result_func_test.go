package eval

import "testing"

// Patch 145: calling a function value returned by an instance of a generic function
// (gc2 := Combine2(g1, g2); gc2()) was compiled as a call of a generic function: the
// function type's node was the generic call that made it, taken for a declaration with
// type parameters, and compiling panicked (a nil pointer: typeparam/combine.go of Go's
// test suite, issue 29). The expected output is go run's.
func TestCallOfGenericCallResult(t *testing.T) {
	checkCorpusProgramBare(t, "generic_call_result_func")
	checkCorpusProgram(t, "generic_call_result_func")
}
