package eval

import "testing"

// The rewrite binds a deferred call's arguments to variables before the defer
// statement; a nil argument became `a := nil`, which is no Go, and the interpreter
// failed to compile the cell ("CFG post-order panic: nil reflect type"). nil stays in
// the call now, as a constant does. The expected output is go run's.
func TestDeferNilArgument(t *testing.T) {
	checkCorpusProgram(t, "smith_defer_nil_argument")
}
