package eval

import "testing"

// Patch 117: the arguments of a deferred call and of a go statement were evaluated in
// the order of the source: `defer g(s[0], f())` with s empty panicked before f ran,
// where gc calls f first. The interpreter wires them calls first (patch 114 no longer
// leaves out calls under defer and go), and the rewrite, which binds the arguments to
// variables before the statement, binds them in one assignment (patch 115 orders its
// values). The expected output is go run's.
func TestDeferredArgumentsCallsFirst(t *testing.T) {
	checkCorpusProgramBare(t, "smith_deferred_args_calls_first")
	checkCorpusProgram(t, "smith_deferred_args_calls_first")
}
