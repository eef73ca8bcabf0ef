package eval

import (
	"bytes"
	"io"
	"reflect"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
	stdlib "github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// Helpers shared by the yaegipatch_*_test.go files, the tests of the patches to the
// in-tree copy of yaegi (eval/third_party/yaegi/PATCHES.md). Each of those tests runs
// what its patch fixes, in a session (cellStdout) or on a bare interpreter
// (yaegiStdout), and compares with what `go run` prints for the same program; the files
// are grouped by the Go feature they check, and each test's comment names the patch (or
// the rewrite) it checks.

// cellStdout runs code in a fresh session and returns its standard output; the cell must
// succeed.
func cellStdout(t *testing.T, code string) string {
	t.Helper()
	s := newSession(t)
	_, rec := mustExec(t, s, code)
	return rec.stream("stdout")
}

// checkCorpusProgram runs the program eval/testdata/corpus/NAME.go as one cell in a fresh
// session and compares its standard output with NAME.out, what `go run` printed. A
// patch's test that needs exactly a corpus program says so by its name: the program is
// written once, in the corpus, where TestCorpusInSession and the rewriter's corpus tests
// run it too.
func checkCorpusProgram(t *testing.T, name string) {
	t.Helper()
	s := corpusProgram(t, name)
	if got := cellStdout(t, corpus.CellSource(s.Source)); got != s.Want {
		t.Errorf("corpus program %s prints other than go run, %s", name, corpus.Diff(s.Want, got))
	}
}

// checkCorpusProgramBare is checkCorpusProgram on a bare interpreter (yaegiStdout: no
// session, no rewriter), for the patches to the interpreter itself.
func checkCorpusProgramBare(t *testing.T, name string) {
	t.Helper()
	s := corpusProgram(t, name)
	if got := yaegiStdout(t, s.Source); got != s.Want {
		t.Errorf("corpus program %s on a bare interpreter prints other than go run, %s", name, corpus.Diff(s.Want, got))
	}
}

// compilesBare checks that the corpus program NAME.go compiles on a bare interpreter, for
// the programs whose output the bare interpreter writes otherwise than a cell (the names
// of cell types: %T, reflect), whose output checkCorpusProgram compares as a cell's.
func compilesBare(t *testing.T, name string) {
	t.Helper()
	if err := yaegiCompileError(corpusProgram(t, name).Source); err != nil {
		t.Errorf("corpus program %s on a bare interpreter: %v", name, err)
	}
}

// corpusProgram reads the corpus program NAME.go and its expected output.
func corpusProgram(t *testing.T, name string) corpus.Snippet {
	t.Helper()
	s, err := corpus.LoadOne(corpusDirectory, name)
	if err != nil {
		t.Fatal(err)
	}
	if !s.HasOut {
		t.Fatalf("corpus program %s has no expected output (%s.out, from go run)", name, name)
	}
	return s
}

// corpusDirectory is the semantics corpus, relative to the package.
const corpusDirectory = "testdata/corpus"

// yaegiStdout runs a program on a bare yaegi interpreter with the standard library and
// returns its standard output; the program must succeed.
func yaegiStdout(t *testing.T, src string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &errOut})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(src); err != nil {
		t.Fatalf("eval: %v\nstderr: %s", err, errOut.String())
	}
	return out.String()
}

// yaegiCompileError compiles src on a bare interpreter and returns its error.
func yaegiCompileError(src string) error {
	i := interp.New(interp.Options{Stdout: io.Discard, Stderr: io.Discard})
	if err := i.Use(stdlib.Symbols); err != nil {
		return err
	}
	_, err := i.Compile(src)
	return err
}

// lastOf returns the last n bytes of s, or s when it is shorter.
func lastOf(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// exhaustPool takes every free pool type of the underlying type under, as a session
// that declared that many types would, and returns the function that gives them back.
func exhaustPool(t *testing.T, under reflect.Type) func() {
	t.Helper()
	owner := new(byte)
	for namedpool.Take(under, "main.taken", "", owner) != nil {
	}
	return func() { namedpool.Release(owner) }
}
