package eval

import (
	"os"
	"testing"
)

// Patch 122: `d := []int{}` (a slice, array or map literal) or `v := <-ch` declaring
// a variable in a loop's body stored into the variable's storage, kept from the pass
// before, so every closure made in the loop saw the last pass's value (Go: each its
// own). The statement makes a new variable now, as other declarations do. The
// expected output is go run's.
func TestLoopLiteralVariables(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_loop_literal_variables.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_loop_literal_variables.out")
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
