package eval

import (
	"os"
	"testing"
)

// A slice or an array of a cell type of a byte kind (type N uint8 with a String method)
// printed with %x, %X, %s or %q called each element's String method; fmt prints such a
// slice as bytes for those verbs ([]N{1, 2} with %x is 0102), as it does a []byte
// (found by the random programs, issue 29, seed 905). The expected output is go run's.
func TestByteKindSlicesPrintAsBytes(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_byte_kind_slices.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_byte_kind_slices.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
