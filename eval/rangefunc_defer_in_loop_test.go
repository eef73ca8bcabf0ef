package eval

import (
	"os"
	"testing"
)

// The rewrite collects the defer statements of a range over a function's body on a
// list that a deferred runner calls; inside a loop, each pass declares a list, and the
// runner, a deferred function literal, read the list of the last pass (the interpreter
// runs it on the function's frame as it is at the end): every pass's calls saw the last
// pass's variables. The runner is given its list's pointer now. The expected output is
// go run's.
func TestRangeFuncDeferInLoop(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_rangefunc_defer_in_loop.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_rangefunc_defer_in_loop.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
