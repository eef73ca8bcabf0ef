package eval

import "testing"

// Where gc evaluates the key of a map entry assigned to (yaegi patch 185). For a map
// whose key the runtime takes by address (an int8, uint16, bool, float or interface
// key, or an element over 128 bytes), gc copies a key that is not addressable (k+1, a
// conversion, an assertion) before the assignment's calls: random program seed 2237
// stored `m[int8(s[i])] = f()` after f had replaced the map, where Go panics on the
// index before f runs (`3:[6 5]` for Go's `3:[0 0]`), and `m[k+1] = f()` stored at the
// k that f left. And `m[s[0]] = 1 / zero` panicked on the index, where gc evaluates the
// value first. The expected output is go run's, in a cell and on a bare interpreter.
func TestMapKeyBeforeValues(t *testing.T) {
	checkCorpusProgram(t, "map_key_before_values")
	checkCorpusProgramBare(t, "map_key_before_values")
}
