package eval

import "testing"

// Patch 121: `return fmt.Sprint("x"), len(a)` with a the first named result: the
// compiler gives the call a slot of its own (len(a) must read a before the return), but
// the compiled call stored its value into the result, where len(a) read it, and the
// return then copied the empty slot over it (it returned "", 1; Go "x", 0). The
// expected output is go run's.
func TestReturnCallBesideNamedResult(t *testing.T) {
	checkCorpusProgramBare(t, "smith_return_call_beside_named_result")
	checkCorpusProgram(t, "smith_return_call_beside_named_result")
}
