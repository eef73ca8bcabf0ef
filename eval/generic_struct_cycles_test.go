package eval

import (
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// Patch 202: instances of generic struct types in a cycle (List[T] holding its sentinel
// Element[T] by value, each Element[T] pointing at its List[T]; a Tree[K, V] holding its
// root Node[K, V]). Making one made the other, which named the first before it was
// registered, so the interpreter made it again until patch 74's bound on nested type
// resolutions refused the cell (typeparam/list2.go of Go's test suite, issue 29). The
// program prints %T of an instance, which a bare interpreter writes otherwise: it runs
// as a cell, and compiles bare. The expected output is go run's.
func TestGenericStructCycles(t *testing.T) {
	compilesBare(t, "generic_struct_cycles")
	checkCorpusProgram(t, "generic_struct_cycles")
}

// The same program in two cells, the generic types in the first and main in the
// second: the instances are made while the second cell compiles.
func TestGenericStructCyclesInALaterCell(t *testing.T) {
	p := corpusProgram(t, "generic_struct_cycles")
	src := corpus.CellSource(p.Source)
	i := strings.Index(src, "\nfunc main() {")
	if i < 0 {
		t.Fatal("corpus program generic_struct_cycles has no func main")
	}
	s := newSession(t)
	_, first := mustExec(t, s, src[:i])
	_, second := mustExec(t, s, src[i:])
	if got := first.stream("stdout") + second.stream("stdout"); got != p.Want {
		t.Errorf("two cells print other than go run, %s", corpus.Diff(p.Want, got))
	}
}
