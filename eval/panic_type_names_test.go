package eval

import (
	"os"
	"testing"
)

// Patch 120 and the rewrite's type assertions: a runtime error's message named a cell
// type by its representation in the interpreter, a pool type ([1]namedpool.String_0
// for [1]main.N1) or a struct type with its identity tag (`[]struct { A interface {}
// "yaegi:\"main.S\""; ... }` for []main.S). Both are now named as Go names them. The
// expected output is go run's.
func TestPanicTypeNames(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_panic_type_names.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_panic_type_names.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
