package eval

import "testing"

// Patch 170: a multiple assignment holds a value of an empty interface type as one
// while it evaluates the others. It held it as the interpreter's interface of methods,
// and panicked ("reflect.Set: value of type interface {} is not assignable to type
// interp.valueInterface": n, v = 1, w with w an any; Go's test chan/sieve2.go). The
// program assigns such values in multiple assignments: a variable, an interpreted
// function's result, a swap, a redeclaring short variable declaration, and the
// heap.Interface Pop of chan/sieve2.go (called by container/heap).
// The program: eval/testdata/corpus/multi_assign_any.go.
func TestMultipleAssignmentOfEmptyInterface(t *testing.T) {
	checkCorpusProgramBare(t, "multi_assign_any")
	checkCorpusProgram(t, "multi_assign_any")
}
