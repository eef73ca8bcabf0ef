package eval

import (
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// Patch 201: struct types in a cycle where one holds another by value and is pointed at
// from it (container/list's List holding its sentinel Element, each Element pointing at
// its List; a Tree holding its root Node, each Node pointing at its Tree). Built from
// the pointed-at side, the by-value field was laid out as the interpreter's empty
// stand-in for a type being built, so the program read memory as the wrong type
// (garbage strings, slice bounds in the billions, nil dereferences); and when the cycle
// was complete every stand-in pointer of it was given the type of the last struct
// built (an Element's next typed *List: reflect.Set panics). The expected output is go
// run's.
func TestRecursiveStructCycles(t *testing.T) {
	checkCorpusProgramBare(t, "recursive_struct_cycles")
	checkCorpusProgram(t, "recursive_struct_cycles")
}

// The same program in two cells, the types in the first and main in the second.
func TestRecursiveStructCyclesInALaterCell(t *testing.T) {
	p := corpusProgram(t, "recursive_struct_cycles")
	src := corpus.CellSource(p.Source)
	i := strings.Index(src, "\nfunc main() {")
	if i < 0 {
		t.Fatal("corpus program recursive_struct_cycles has no func main")
	}
	s := newSession(t)
	_, first := mustExec(t, s, src[:i])
	_, second := mustExec(t, s, src[i:])
	if got := first.stream("stdout") + second.stream("stdout"); got != p.Want {
		t.Errorf("two cells print other than go run, %s", corpus.Diff(p.Want, got))
	}
}
