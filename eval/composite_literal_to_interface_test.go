package eval

import "testing"

// Patch 255: a composite literal assigned to an existing variable of an interface type
// (`var r I; r = S{6}`, a named result set in a deferred call, a field, an element)
// panicked "reflect.Set: value of type interp.valueInterface is not assignable to type
// struct": the literal stored a valueInterface in its own slot, of the struct's type,
// as if it stored into the destination's. A cell's assignments are converted by the
// rewrite first, except the one it makes itself of a range-over-func loop's return
// (gosmith seed 15107, issue 29). The expected output is go run's.
func TestCompositeLiteralToInterface(t *testing.T) {
	checkCorpusProgramBare(t, "smith_composite_literal_to_interface")
	checkCorpusProgram(t, "smith_composite_literal_to_interface")
	checkCorpusProgram(t, "smith_rangefunc_return_composite")
}
