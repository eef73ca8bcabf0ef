package eval

import (
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// compilesBare checks that the corpus program testdata/corpus/NAME.go compiles on a bare
// interpreter, for the programs whose output the bare interpreter writes otherwise than
// a cell (the names of cell types: %T, reflect), whose output checkCorpusProgram
// compares as a cell's.
func compilesBare(t *testing.T, name string) {
	t.Helper()
	s, err := corpus.LoadOne(corpusDirectory, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaegiCompileError(s.Source); err != nil {
		t.Errorf("corpus program %s on a bare interpreter: %v", name, err)
	}
}
