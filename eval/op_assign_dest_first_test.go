package eval

import "testing"

// An assignment operator evaluated its value before reading its destination: with
// both an index out of range on the left and a division by zero on the right,
// `s[0] += 5 % z` panicked dividing where Go panics on the index (random program seed
// 3086). The rewrite takes the destination's address first when the value has no call
// (opAssignDest). The expected output is go run's.
func TestOpAssignDestFirst(t *testing.T) {
	checkCorpusProgram(t, "smith_op_assign_dest_first")
}
