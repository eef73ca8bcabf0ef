package eval

import "testing"

// Patch 150: `m[k] op= f()` read the entry before f ran and stored into the map and key
// as f left them: `x[0] += f()` with f setting x to another map read one map and wrote
// the other (Go's test fixedbugs/issue21687.go, a self-check failure that would be a
// silent wrong answer in user code), and `m[0] += f()` with f setting m[0] added to the
// old value. gc calls f first, then reads the map, the key and the entry once. The
// expected output is go run's.
func TestMapEntryAssignmentOperatorCallsFirst(t *testing.T) {
	checkCorpusProgramBare(t, "opassign_map_entry_calls_first")
	checkCorpusProgram(t, "opassign_map_entry_calls_first")
}
