package eval

import (
	"bytes"
	"runtime"
	"strconv"
	"testing"

	stdlib "github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// Tests of the yaegi patches that keep a cell's cost flat in the number of cells run
// before it (eval/third_party/yaegi/PATCHES.md, patches 14 and 15).

// closureStatements are top-level statements making closures that read and write the
// locals of top-level blocks (a loop body's variable, new in each iteration, a nested closure, a call's
// two results stored through a closure). closureWant is what `go run` prints for them in
// func main.
const closureStatements = `
for i := 0; i < 3; i++ {
	j := i * 10
	fs = append(fs, func() string { return fmt.Sprint(j) })
}
for _, f := range fs {
	fmt.Println(f())
}
if a, b := 1, "x"; a > 0 {
	g := func() func() string {
		return func() string { a++; return fmt.Sprint(a, b) }
	}
	h := g()
	fmt.Println(h(), h(), a)
	var n int
	var s string
	set := func() { n, s = two() }
	set()
	fmt.Println(n, s)
}
k := 0
inc := func() { k++ }
inc()
inc()
fmt.Println(k)
`

const closureWant = "0\n10\n20\n2x 3x 3\n7 seven\n2\n"

// Patch 14: a closure made in the global frame copies only the slots it reads there, and
// the global frame grows with spare capacity; closures made by top-level statements still
// see their own loop variables, share the locals they write, and store results in place.
func TestPatchGlobalFrameClosures(t *testing.T) {
	var out, errOut bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &errOut})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	// Top-level statements of the bare interpreter run in its global frame; programs
	// run before them make the frame longer than the closures' slots.
	for n, src := range []string{
		`import "fmt"`,
		"func two() (int, string) { return 7, \"seven\" }",
		"var fs []func() string",
		"x0 := 1", "x1 := 2", "x2 := x0 + x1",
		closureStatements,
	} {
		if _, err := i.Eval(src); err != nil {
			t.Fatalf("eval %d: %v\nstderr: %s", n, err, errOut.String())
		}
	}
	if got := out.String(); got != closureWant {
		t.Errorf("bare interpreter: got %q, want %q", got, closureWant)
	}
	s := newSession(t)
	mustExec(t, s, "import \"fmt\"\n\nfunc two() (int, string) { return 7, \"seven\" }\n\nvar fs []func() string")
	_, rec := mustExec(t, s, closureStatements)
	if got := rec.stream("stdout"); got != closureWant {
		t.Errorf("session: got %q, want %q", got, closureWant)
	}
}

// Patch 15: the global scope does not keep the scopes of the programs compiled in it, nor
// through them their syntax trees: the live heap of a session running the same cell again
// and again grows by the few slots each cell adds, not by the cell's tree (the session
// drops the trees yaegi keeps for its debugger, see dropRoots).
func TestPatchGlobalScopeChildren(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "x := 0")
	const cell = "if x >= 0 {\n\ty := x + 1\n\tx = y\n}"
	runN := func(n int) {
		for j := 0; j < n; j++ {
			mustExec(t, s, cell)
		}
	}
	runN(100)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const n = 2000
	runN(n)
	runtime.GC()
	runtime.ReadMemStats(&after)
	perCell := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / n
	t.Logf("live heap: %d B per cell %q", perCell, cell)
	if perCell > 2000 {
		t.Errorf("the live heap grows by %d B per cell %q, want the slots alone (under 2000 B)", perCell, cell)
	}
	if got, _ := mustExec(t, s, "x"); got != strconv.Itoa(n+100) {
		t.Errorf("x: got %q, want %d", got, n+100)
	}
}
