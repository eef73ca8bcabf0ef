package eval

import "testing"

// The key of a map read, where gc evaluates it (yaegi patch 187). For a map whose key
// the runtime takes by address (an int8 or interface key), gc copies a key that is not
// addressable where it stands among the statement's calls: `m8[k8+1] + f()` with f
// changing k8 reads the old k8+1; yaegi computed the key after f (1100 for Go's 200).
// Patch 185's rule, for reads. The expected output is go run's (and the same under
// -race, which also copies the lookup itself where it stands), in a cell and on a bare
// interpreter.
func TestMapReadKeyOrder(t *testing.T) {
	checkCorpusProgram(t, "map_read_key_order")
	checkCorpusProgramBare(t, "map_read_key_order")
}
