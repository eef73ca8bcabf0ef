package eval

import "testing"

// Patch 136: a map literal whose keys are distinct in a generic function's source
// (int(0), T(0)) and one value in an instance (T = int) was refused ("duplicate key 0
// in map literal"); Go checks the generic source, and the later key wins when it runs
// (typeparam/issue42758.go of Go's test suite, issue 29). The expected output is go
// run's.
func TestGenericMapLiteralKeysOneInInstance(t *testing.T) {
	checkCorpusProgramBare(t, "generic_map_literal_same_keys")
	checkCorpusProgram(t, "generic_map_literal_same_keys")
}
