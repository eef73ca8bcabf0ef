package eval

import "testing"

// A nil interface value asserted to the empty interface (var i I; i.(any)) panicked
// with "interface {} is nil, not interface {}": the rewrite gave the message the static
// type, as for a concrete target, where the runtime says "interface is nil" for any
// interface target. The expected output is go run's.
func TestAssertNilToInterface(t *testing.T) {
	checkCorpusProgram(t, "smith_assert_nil_to_interface")
}
