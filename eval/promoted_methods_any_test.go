package eval

import (
	"os"
	"testing"
)

// Patch 130: a value of a struct whose methods are all promoted from an embedded field
// (`type A struct{ B }` with B's methods), stored in an any, lost its type: yaegi kept
// the type of a value put in an empty interface only where the type had methods of its
// own, so asserting it to an interface it implements failed (`x.(getter)` false, or the
// panic of typeparam/genembed.go in Go's test suite, issue 29). The expected output is
// go run's.
func TestPromotedMethodsInAny(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/promoted_methods_in_any.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/promoted_methods_in_any.out")
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
