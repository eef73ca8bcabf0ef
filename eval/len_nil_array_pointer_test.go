package eval

import "testing"

// Patch 137: len of a pointer to an array dereferenced it, so len of a nil *[4]byte
// panicked ("reflect: call of reflect.Value.Len on zero Value") where Go gives 4: in
// generic code, where the length is not a constant (typeparam/issue49295.go of Go's
// test suite, issue 29). The expected output is go run's.
func TestLenOfNilArrayPointer(t *testing.T) {
	checkCorpusProgramBare(t, "len_nil_array_pointer")
	checkCorpusProgram(t, "len_nil_array_pointer")
}
