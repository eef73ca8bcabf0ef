package eval

import "testing"

// Patch 155: len and cap of an array or a pointer to an array are constants in Go when
// the operand has no call or receive, and the operand is not evaluated: len(s[10])
// with s empty and len(*p) with p nil panicked, and len(p) of a nil *[4]int panicked in
// reflect (Go's tests const4.go, nil.go, fixedbugs/issue72844.go). `for i := range p`
// over a nil pointer to an array iterates over the indexes; with a value variable it
// panics with Go's nil dereference. A range over a pointer to an array also stored the
// array into the slot of another variable (the pointer itself: p[:2] after the loop
// panicked). The expected output is go run's.
func TestArrayLengthOperandNotEvaluated(t *testing.T) {
	checkCorpusProgramBare(t, "array_len_not_evaluated")
	checkCorpusProgram(t, "array_len_not_evaluated")
}
