package eval

import (
	"os"
	"testing"
)

// Patch 121: `return fmt.Sprint("x"), len(a)` with a the first named result: the
// compiler gives the call a slot of its own (len(a) must read a before the return), but
// the compiled call stored its value into the result, where len(a) read it, and the
// return then copied the empty slot over it (it returned "", 1; Go "x", 0). The
// expected output is go run's.
func TestReturnCallBesideNamedResult(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_return_call_beside_named_result.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_return_call_beside_named_result.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := yaegiStdout(t, string(src)); got != string(want) {
		t.Errorf("bare interpreter: got\n%s\nwant (go run)\n%s", got, want)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
