package eval

import "testing"

// Patch 242: a logical operator in an assignment's destination was evaluated after the
// values' calls: `m[b && c] = f()` with f changing b stored at the new key, where gc
// evaluates the operator before the calls, as among the operands (patch 240; issue
// 29). The expected output is go run's.
func TestLogicalInDestination(t *testing.T) {
	checkCorpusProgramBare(t, "smith_logical_in_destination")
	checkCorpusProgram(t, "smith_logical_in_destination")
}
