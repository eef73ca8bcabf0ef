package eval

import "testing"

// A slice or an array of a cell type of a byte kind (type N uint8 with a String method)
// printed with %x, %X, %s or %q called each element's String method; fmt prints such a
// slice as bytes for those verbs ([]N{1, 2} with %x is 0102), as it does a []byte
// (found by the random programs, issue 29, seed 905). The expected output is go run's.
func TestByteKindSlicesPrintAsBytes(t *testing.T) {
	checkCorpusProgram(t, "smith_byte_kind_slices")
}
