package eval

import (
	"os"
	"testing"
)

// The rewrite's prelude of package slices: Clone made exactly len elements of
// capacity, where Go's appends (cap(slices.Clone(s)) of 7 ints is 8), and Insert,
// Replace and Concat grew by their own rule. They allocate as Go's do now. The
// expected output is go run's.
func TestSlicesCapacity(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_slices_capacity.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_slices_capacity.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
