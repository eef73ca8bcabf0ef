package eval

import "testing"

// Patch 134: f(g()), with g returning an interface type of the interpreter and f taking
// one, wrapped g's result (a valueInterface already) in another, so that x.(S) in f
// failed for the S it held: silent in the bare interpreter, and in cells inside generic
// functions, which the rewrite leaves to yaegi (typeparam/issue50002.go of Go's test
// suite, issue 29). The expected output is go run's.
func TestInterfaceResultPassedAsArgument(t *testing.T) {
	checkCorpusProgramBare(t, "iface_result_as_argument")
	checkCorpusProgram(t, "iface_result_as_argument")
}
