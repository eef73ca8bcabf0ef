package eval

import "testing"

// Yaegi patch 96: a complex64 compared with an untyped complex constant compares with
// the constant converted to complex64, as Go does: the constant kept complex128's
// precision, so `c64 == C` was false for the rounded value (Go's test ken/cplx2.go).
// The program: eval/testdata/corpus/complex64_const_compare.go.
func TestComplex64ComparedWithConstant(t *testing.T) {
	checkCorpusProgram(t, "complex64_const_compare")
}
