package eval

import "testing"

// The rewrite's prelude of package slices: Clone made exactly len elements of
// capacity, where Go's appends (cap(slices.Clone(s)) of 7 ints is 8), and Insert,
// Replace and Concat grew by their own rule. They allocate as Go's do now. The
// expected output is go run's.
func TestSlicesCapacity(t *testing.T) {
	checkCorpusProgram(t, "smith_slices_capacity")
}
