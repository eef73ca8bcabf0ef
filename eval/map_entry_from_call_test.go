package eval

import "testing"

// Patch 152: `m[k], x = f()` left m unchanged, silently, for calls of interpreted and
// of compiled code alike: f's result went into the slot where the entry had been read.
// It is stored in the map, whose map and key are read after the call and before the
// first store, as gc does. The expected output is go run's.
func TestMapEntryAssignedFromCallResults(t *testing.T) {
	checkCorpusProgramBare(t, "map_entry_from_call_results")
	checkCorpusProgram(t, "map_entry_from_call_results")
}
