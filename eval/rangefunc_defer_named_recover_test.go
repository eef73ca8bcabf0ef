package eval

import "testing"

// A declared function deferred in a range-over-func loop's body that calls recover
// found nothing: the rewrite runs the calls the body deferred from a runner deferred in
// the function, which has taken the panic, so the function's own recover() (out of
// the rewrite's reach, unlike a function literal's) returned nil and the panic went on
// (`outer p` for Go's `outer <nil>`, found beside random program seed 1900). Each such
// call is now deferred for real in a function that panics with the panic to hand on.
// The expected output is go run's.
func TestRangeFuncDeferNamedRecover(t *testing.T) {
	checkCorpusProgram(t, "smith_rangefunc_defer_named_recover")
}
