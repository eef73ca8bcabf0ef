package eval

import "testing"

// Patch 112: an assignment whose destination has a call in it (`s[f()] = g()`,
// `p.x[f()] = g()`, `m[k()][i()] = v()`) evaluated the whole destination before the
// values: the index panicked "out of range" before g ran, where Go calls f, then g,
// then indexes (the most frequent silent class of the random programs after patch
// 110). The calls and receives of such a destination now run before the values, the
// rest of it after them. The expected output is go run's.
func TestAssignmentDestinationCallsBeforeValues(t *testing.T) {
	checkCorpusProgramBare(t, "smith_dest_calls_order")
	checkCorpusProgram(t, "smith_dest_calls_order")
}
