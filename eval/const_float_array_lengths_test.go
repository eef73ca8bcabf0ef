package eval

import "testing"

// Patch 154: an array length given by an untyped float constant (`var b [1e1]int`, Go's
// test fixedbugs/bug254.go) made the interpreter panic while compiling ("10 not an
// Int"); a length given by an untyped complex constant (`const c = 3 + 0i; var d
// [c]byte`) was "undefined", and an array literal's float key (`[...]int{1e0: 5}`)
// panicked in reflect. Constants of integer value are integers there, as in Go. The
// expected output is go run's.
func TestUntypedFloatConstantsAsLengths(t *testing.T) {
	checkCorpusProgramBare(t, "const_float_array_lengths")
	checkCorpusProgram(t, "const_float_array_lengths")
}
