package eval

import "testing"

// Patch 120 and the rewrite's type assertions: a runtime error's message named a cell
// type by its representation in the interpreter, a pool type ([1]namedpool.String_0
// for [1]main.N1) or a struct type with its identity tag (`[]struct { A interface {}
// "yaegi:\"main.S\""; ... }` for []main.S). Both are now named as Go names them. The
// expected output is go run's.
func TestPanicTypeNames(t *testing.T) {
	checkCorpusProgram(t, "smith_panic_type_names")
}
