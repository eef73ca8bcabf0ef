package eval

import "testing"

// recover() in the Error method of a cell type, deferred through an error value (`var e
// error = T{}; defer e.Error()`), stops the panic as in Go. The rewriter boxes a cell's
// values converted to error in a compiled type (rt.BoxError), whose Error method calls
// the cell's from compiled code, out of the deferring frame's reach: the method's
// recover() got nil and the panic went on. Yaegi patch 266 calls, for a deferred Error on
// a box, a literal the cell registered that calls the method (rt.RegisterDeferred), as
// the frame's deferred call. The corpus program checks value, pointer and generic
// receivers, a runtime error, no panic, an Error that panics (it replaces the panic) and
// a compiled error's Error (it stops nothing).
func TestRecoverInErrorMethodDeferredThroughError(t *testing.T) {
	checkCorpusProgram(t, "deferred_error_method_recover")
	// At a cell's top level too (yaegi patch 265 hands the deferred call on).
	got := cellStdout(t, `import "fmt"

type T struct{}

func (T) Error() string { fmt.Println("recovered:", recover()); return "t" }

var e error = T{}
defer e.Error()
panic("at the top")`)
	if want := "recovered: at the top\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}
