package eval

import (
	"errors"
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// Tests of the yaegi patches and eval fixes about package-level variables of cells and
// the rewriter's part in running them (eval/third_party/yaegi/PATCHES.md): several
// variables from one call of a later function, variables run as statements (seen by the
// cell's functions and its type check, initialised by generic calls, in Go's init
// order), a rewriter failure stopping the cell, and the refusal of runtime's
// introspection kept narrow. Expected outputs are what `go run` prints for the same
// programs.

// Patch 57: a package-level var declaration of several variables from one call of a
// function declared later in the file (`var q, r = divmod(17, 5)`) failed with
// "assignment mismatch: 2 variables but divmod returns 0 values": the function's type
// was not known yet. A single variable worked.
func TestPatchMultiValueVarFromLaterFunc(t *testing.T) {
	const body = `
import "fmt"

var q, r = divmod(17, 5)

var name, ok = lookup("b")

func divmod(a, b int) (int, int) { return a / b, a % b }

func lookup(k string) (string, bool) {
	m := map[string]string{"a": "ann", "b": "bob"}
	v, found := m[k]
	return v, found
}

func main() {
	fmt.Println(q, r, name, ok)
}
`
	const want = "3 2 bob true\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// A var declaration whose initializer reads another variable of the cell runs as a
// statement, its variable the session's; the cell's check declared it in the function
// that holds the statements, where the cell's functions don't see it: main reading it was
// "undefined", so the rewriter did without types in main (a pasted program's println of
// an interface printed the interpreter's wrapper) or failed ("note: rewrite: internal
// error"). The check now declares such a variable at package level too.
func TestVarRunAsStatementIsSeenByFunctions(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `package main

import "fmt"

type Suite struct{ Tests []int }

var all = []Suite{first}
var first = Suite{Tests: []int{1, 2}}

type Shape interface{ Area() int }

var shapes = []Shape{nil}
var none = shapes[0]

func main() {
	if &all[0].Tests[0] != &first.Tests[0] {
		panic("copied")
	}
	fmt.Println(len(all), len(first.Tests))
	println(none)
}`)
	if got, want := rec.stream("stdout"), "1 2\n"; got != want {
		t.Errorf("stdout: got %q, want %q", got, want)
	}
	if got, want := rec.stream("stderr"), "(0x0,0x0)\n"; got != want {
		t.Errorf("stderr: got %q, want %q (no note of the rewriter)", got, want)
	}
}

// A var declaration run as a statement (its initializer reads another variable of the
// cell) is declared in the package for the cell's type check: the functions of the cell
// that use it had no types there, so min and max in them were not rewritten ("undefined:
// min"), and the error shown was go/types' "undefined: g".
func TestCheckSeesVarsRunAsStatements(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type N int64

var a N = 3
var b N = a + 1
var c = max(b, 2) * 10

func f() N { return min(b, b+1, 7) + c }

func main() {
	fmt.Println(f(), max(a, b))
}`)
	if want := "44 4\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}

// A package variable initialised by a call of generic code (min, max, a generic function
// or method, slices and maps of the prelude) runs as a statement: compiled as a package
// declaration, yaegi failed ("constant definition loop", or it panicked while compiling).
func TestVarsInitialisedByGenericCalls(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"maps"
	"slices"
)

type Box[T any] struct{ v T }

func (b Box[T]) Get() T { return b.v }

func Twice[T any](x T) []T { return []T{x, x} }

func three() int { return 3 }

var a = Box[int]{4}.Get()
var b = Twice("s")
var c = slices.Sorted(maps.Keys(map[string]int{"z": 1, "y": 2}))
var d = max(three(), 2) * 10
var e = slices.Max([]int{1, 5, 2})

func main() {
	fmt.Println(a, b, c, d, e)
}`)
	if want := "4 [s s] [y z] 30 5\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}

// A grouped var declaration run as a statement assigns its variables in Go's
// initialisation order, not as written (appName reads baseName, declared after it).
func TestGroupedVarsRunInInitOrder(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"strings"
)

var commands = []string{"add", "list"}

var (
	appName  = strings.ToUpper(baseName)
	baseName = "inventory"
	version  = fmt.Sprintf("%d.%d", major, minor)
	major    = 1
	minor    = len(commands) + 1
)

func main() {
	fmt.Println(appName, version)
}`)
	if want := "INVENTORY 1.3\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}

// A rewriter that fails on a cell (a bug) makes the cell fail with an internal error:
// the cell ran as written before, where it could print a wrong answer with status ok.
func TestRewriterFailureStopsTheCell(t *testing.T) {
	old := newRewriter
	newRewriter = func() cellRewriter { return failingRewriter{old()} }
	defer func() { newRewriter = old }()
	s := newSession(t)
	_, e, rec := run(t, s, `import "fmt"
fmt.Println("ran")`)
	if e == nil || e.Name != NameInternal || !strings.Contains(e.Value, "did not run it") {
		t.Fatalf("error %+v, want an internal error saying the cell did not run", e)
	}
	if out := rec.stream("stdout"); out != "" {
		t.Errorf("the cell ran: %q", out)
	}
}

// failingRewriter is a rewriter whose rewrite of any cell fails as an internal failure
// does.
type failingRewriter struct{ cellRewriter }

func (failingRewriter) Cell(*token.FileSet, *ast.File, *ast.BlockStmt) error {
	return errors.New("rewrite: internal error: a test")
}

func (failingRewriter) CellChecked(*token.FileSet, *ast.File, *ast.BlockStmt, *rewrite.Checked) error {
	return errors.New("rewrite: internal error: a test")
}

// The refusal of runtime's introspection (rewrite/unsupported_runtime.go) names functions,
// not the package: the rest of runtime and runtime/debug runs.
func TestRuntimeIntrospectionRefusalIsNarrow(t *testing.T) {
	got := cellStdout(t, `package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

func main() {
	old := debug.SetGCPercent(50)
	debug.SetGCPercent(old)
	runtime.GC()
	runtime.Gosched()
	fmt.Println(runtime.NumCPU() > 0, runtime.GOOS != "", runtime.Version() != "")
}`)
	if want := "true true true\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
