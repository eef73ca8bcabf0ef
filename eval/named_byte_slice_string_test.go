package eval

import "testing"

// Patch 135: string([]MyByte) and []MyRune(s), for defined byte and rune types, were
// refused ("cannot convert expression of type []main.MyByte to type string"): reflect
// converts only slices of unnamed byte and rune types (typeparam/issue23536.go of Go's
// test suite, issue 29). The expected output is go run's.
func TestNamedByteSliceStringConversions(t *testing.T) {
	checkCorpusProgramBare(t, "named_byte_slice_string")
	checkCorpusProgram(t, "named_byte_slice_string")
}
