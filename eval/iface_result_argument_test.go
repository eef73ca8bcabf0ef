package eval

import (
	"os"
	"testing"
)

// Patch 134: f(g()), with g returning an interface type of the interpreter and f taking
// one, wrapped g's result (a valueInterface already) in another, so that x.(S) in f
// failed for the S it held: silent in the bare interpreter, and in cells inside generic
// functions, which the rewrite leaves to yaegi (typeparam/issue50002.go of Go's test
// suite, issue 29). The expected output is go run's.
func TestInterfaceResultPassedAsArgument(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/iface_result_as_argument.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/iface_result_as_argument.out")
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
