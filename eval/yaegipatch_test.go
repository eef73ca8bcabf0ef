package eval

import (
	"strings"
	"testing"
)

// Tests of the patches to the in-tree copy of yaegi (eval/third_party/yaegi/PATCHES.md).
// Each runs, in a session, what the patch fixes; the expected output is what `go run`
// prints for the same program.

// cellStdout runs code in a fresh session and returns its standard output; the cell must
// succeed.
func cellStdout(t *testing.T, code string) string {
	t.Helper()
	s := newSession(t)
	_, rec := mustExec(t, s, code)
	return rec.stream("stdout")
}

// Patch 1: a node without generated code fails loudly instead of ending its function.
func TestPatchNoSilentEndOfFunction(t *testing.T) {
	// yaegi v0.16.1 has no code for a shift whose result goes straight into an
	// interface: the cell either prints "end" or fails, never ends early with ok.
	s := newSession(t)
	_, e, rec := run(t, s, `import "fmt"

func main() {
	x := 3
	var a any
	a = x << 1
	fmt.Println(a)
	fmt.Println("end")
}`)
	out := rec.stream("stdout")
	if e != nil {
		t.Logf("%s: %s", e.Name, e.Value)
	}
	if e == nil && !strings.HasSuffix(out, "end\n") {
		t.Fatalf("the cell reported success without running its last statement; stdout %q", out)
	}
	if e != nil && !strings.Contains(e.Value+strings.Join(e.Traceback, "\n"), "no code generated") {
		t.Errorf("the cell failed with %s: %s, want the internal error naming the missing code", e.Name, e.Value)
	}
}

// Patch 1 keeps the returns whose values are already in place (a return of a call or of
// an operation has no code of its own).
func TestPatchReturnWithoutCode(t *testing.T) {
	got := cellStdout(t, `import "fmt"

func double(x int) int {
	if x > 0 {
		return x * 2
	}
	return 0
}

func twice(x int) int { return double(x) }

func main() {
	fmt.Println(double(3), double(-1), twice(4))
}`)
	if want := "6 0 8\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Patch 2: an arithmetic or unary result assigned to an interface (a variable, a field
// of a compiled struct, a field of a cell struct) is boxed, and the function goes on.
func TestPatchArithmeticIntoInterface(t *testing.T) {
	got := cellStdout(t, `import (
	"container/list"
	"fmt"
)

type item struct{ v any }

func main() {
	x := 4
	var v any
	v = x << 2
	fmt.Println(v)
	v = -x
	fmt.Println(v)
	e := &list.Element{}
	e.Value = x + 1
	fmt.Println(e.Value)
	it := &item{}
	it.v = x * 3
	fmt.Println(it.v)
	it.v = !(x > 2)
	fmt.Println(it.v)
	var s any
	s = "a" + fmt.Sprint(x)
	fmt.Println(s)
	fmt.Println("end")
}`)
	if want := "16\n-4\n5\n12\nfalse\na4\nend\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
