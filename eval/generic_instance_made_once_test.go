package eval

import (
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// Patch 200: an instance of a generic type first named by an assertion, a type switch
// case, new, a conversion or a method expression (x.(G[uint32])) was made under the name
// G[uint32]; a method of the type naming G[T] made it again under the name
// main.G[uint32], and the methods' bodies, the same nodes, were compiled a second time: a
// binary expression took its operand's type from the first pass ("mismatched types int
// and bool" for b >= b-a in a closure). Seeds 523, 920, 1441, 1529, 1590 and 1754 of the
// random programs (issue 29) failed so. The expected output is go run's.
func TestGenericInstanceMadeOnce(t *testing.T) {
	checkCorpusProgramBare(t, "generic_instance_made_once")
	checkCorpusProgram(t, "generic_instance_made_once")
}

// The same program in two cells, the generic types in the first and main in the
// second: the instances are made while the second cell compiles.
func TestGenericInstanceMadeOnceInALaterCell(t *testing.T) {
	p := corpusProgram(t, "generic_instance_made_once")
	src := corpus.CellSource(p.Source)
	i := strings.Index(src, "\nfunc main() {")
	if i < 0 {
		t.Fatal("corpus program generic_instance_made_once has no func main")
	}
	s := newSession(t)
	_, first := mustExec(t, s, src[:i])
	_, second := mustExec(t, s, src[i:])
	if got := first.stream("stdout") + second.stream("stdout"); got != p.Want {
		t.Errorf("two cells print other than go run, %s", corpus.Diff(p.Want, got))
	}
}
