package eval

import "testing"

// Patch 151: a multiple assignment computed every destination's location before its
// first store, so `m[2], *p = 42, 2` with p nil panicked with m unchanged, where Go
// stores m[2] first (Go's test fixedbugs/issue23017.go, a self-check failure: in user
// code, a wrong state after a recovered panic). The location's panic is now raised at
// that destination's store. The expected output is go run's.
func TestMultipleAssignmentStoresBeforePanic(t *testing.T) {
	checkCorpusProgramBare(t, "multi_assign_stores_before_panic")
	checkCorpusProgram(t, "multi_assign_stores_before_panic")
}
