package eval

import "testing"

// Patch 113: a composite literal evaluated its elements in the order of the source: in
// `S{a: s[0], b: f()}` with s empty the index panicked before f ran, where gc calls f
// first, then indexes (found by the random programs, issue 29); an element also read a
// variable before a later element's call changed it. The calls and receives of a
// composite literal's elements now run first, the rest after; a map literal keeps the
// order of the source, as gc builds it. The expected output is go run's.
func TestCompositeLiteralCallsFirst(t *testing.T) {
	checkCorpusProgramBare(t, "smith_composite_calls_first")
	checkCorpusProgram(t, "smith_composite_calls_first")
}
