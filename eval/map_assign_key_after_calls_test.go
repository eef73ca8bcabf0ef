package eval

import "testing"

// An assignment to a map entry read its key before the assignment's calls (yaegi patch
// 184): `m[g+10] = m[f()]` with f changing g stored at the old key (random program
// seed 5730: key -4 for Go's -3), as patch 110 left a map destination in the order of
// the source. With a call in the assignment the destination is now evaluated after
// the values, as the others. The expected output is go run's, in a cell and on a bare
// interpreter.
func TestMapAssignKeyAfterCalls(t *testing.T) {
	checkCorpusProgram(t, "smith_map_assign_key_after_calls")
	checkCorpusProgramBare(t, "smith_map_assign_key_after_calls")
}
