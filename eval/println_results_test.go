package eval

import (
	"os"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// println and print of a call's several results (println(two())) were rewritten into
// _pb_print(true, two()), which Go does not allow and yaegi refused ("cannot use func()
// (int,bool) as type any": typeparam/dottype.go of Go's test suite, issue 29); and a
// value of a cell type with methods, passed to rt.Print as a valueInterface, printed
// "(interp.valueInterface)". The expected stderr is go run's
// (testdata/println_results_and_methods.stderr).
func TestPrintlnOfResultsAndTypesWithMethods(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/println_results_and_methods.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/println_results_and_methods.stderr")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	_, rec := mustExec(t, s, corpus.CellSource(string(src)))
	if got := rec.stream("stderr"); got != string(want) {
		t.Errorf("stderr: got\n%s\nwant (go run)\n%s", got, want)
	}
}
