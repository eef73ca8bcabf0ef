package eval

import (
	"errors"
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// Tests of the fixes the random differential tester found (eval/internal/difftest, issue
// 29): yaegi patches 100 on (eval/third_party/yaegi/PATCHES.md) and fixes in eval and the
// rewriter, each with the expected output taken from go run.

// Patch 100: a conversion to an instance of a generic type of another package
// (iter.Seq[string](f)) was compiled as a call of a generic function of the type's
// underlying func type: "cannot use type func(func(string) bool) as type func(string)
// bool".
func TestPatchConversionToGenericTypeOfPackage(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"iter"
)

func main() {
	s := iter.Seq[string](func(yield func(string) bool) {
		_ = yield("a") && yield("b")
	})
	for x := range s {
		fmt.Print(x, " ")
	}
	for x := range iter.Seq2[int, string](func(yield func(int, string) bool) { yield(1, "c") }) {
		fmt.Print(x, " ")
	}
	fmt.Println()
}`)
	if want := "a b 1 \n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}

// Patch 100 too: conversions to instances of generic types of the cell with two type
// arguments were calls ("too many arguments").
func TestPatchConversionToGenericTypeOfTwoParams(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type F[K, V any] func(K) V

type P[K comparable, V any] map[K]V

func main() {
	f := F[int, string](func(i int) string { return fmt.Sprint(i * 2) })
	fmt.Println(f(21))
	p := P[string, int](map[string]int{"a": 1})
	fmt.Println(p, len(p))
}`)
	if want := "42\nmap[a:1] 1\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
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

// Patch 101: a call of a built-in function (new, make, append...) in a return statement
// of several results stored its result in the first result's place: `return 8, new(N)`
// panicked "reflect.Set: value of type *N is not assignable to type int", and `return
// []int{1}, make([]int, 2)` returned [1] [1].
func TestPatchBuiltinCallInMultipleReturn(t *testing.T) {
	const body = `
import "fmt"

func f() (int, *int) { return 8, new(int) }

func g() ([]int, []int) { return []int{1}, make([]int, 2) }

type I interface{ M() int }
type N string

func (n *N) M() int { return len(*n) + 1 }

func h() (int, I, []string) { return 8, new(N), append([]string{"a"}, "b") }

func main() {
	a, b := f()
	fmt.Println(a, *b)
	fmt.Println(g())
	x, y, z := h()
	fmt.Println(x, y.M(), z)
}
`
	const want = "8 0\n[1] [0 0]\n8 1 [a b]\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 102: a return of several values to named results set each result as it went,
// so a later value that is an earlier result read the new value: `return s, r` with
// named results r, s swapped nothing.
func TestPatchMultipleReturnReadsResultsFirst(t *testing.T) {
	const body = `
import "fmt"

func swap() (r, s string) {
	r, s = "r", "s"
	return s, r
}

func k() (r []int, s []int) {
	r = []int{9}
	return make([]int, 1), r
}

func main() {
	fmt.Println(swap())
	fmt.Println(k())
}
`
	const want = "s r\n[0] [9]\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 103: in a || or && whose left operand is an operation that starts with a node
// running nothing (S{} == S{} starts at the literal S{}), that node was made the branch:
// it read its own frame slot as the bool, "reflect: call of reflect.Value.Bool on int
// Value", or a wrong bool.
func TestPatchLogicalOperatorOnCompositeComparison(t *testing.T) {
	const body = `
import "fmt"

type S struct{ F2 string; F3 bool }

func f() (v S) {
	func() int {
		if (S{F2: ""} == S{}) || v.F3 {
			fmt.Println("A")
		}
		if (S{F3: true} == S{}) && !v.F3 {
			fmt.Println("B")
		}
		return 1
	}()
	return v
}

func main() {
	fmt.Println(f())
	a := true
	fmt.Println(S{} == S{} || a, (S{} != S{}) && a, (a) && !a)
}
`
	const want = "A\n{ false}\ntrue false false\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 104: a switch with an init statement and a tag (switch y := 1; y + 1) compared
// the cases with the tag's slot before the tag was evaluated (it took default), and an
// empty switch ran neither its init statement nor its tag.
func TestPatchSwitchInitAndTag(t *testing.T) {
	const body = `
import "fmt"

func f() int { fmt.Println("f ran"); return 1 }

func main() {
	switch y := 1; y + 1 {
	case 2:
		fmt.Println("two")
	default:
		fmt.Println("default")
	}
	switch x := f(); x * 10 {
	case 10, 20:
		fmt.Println("ten")
	}
	switch _ = f(); true {
	}
	switch _ = f(); {
	}
	switch f() {
	}
	for i := 0; i < 3; i++ {
		switch j := i * 2; j - 1 {
		case 1:
			fmt.Println("i=1")
		case 3:
			continue
		}
		fmt.Println("end", i)
	}
}
`
	const want = "two\nf ran\nten\nf ran\nf ran\nf ran\nend 0\ni=1\nend 1\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 105: an operation whose first operand's type is not known before it compiles
// (a call of a generic function: min and max become calls of _pb_min and _pb_max) in a
// composite literal panicked while compiling (nodeType dereferenced the unknown type).
func TestPatchOperationOnGenericCallInLiteral(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type S struct {
	A int16
	B uint8
}

func main() {
	var a, b int16 = 3, 4
	var c uint8 = 9
	s := S{max(a, b) * int16(2), (min(c, 200) & 63)}
	t := []int16{max(a, b) + 1, a * min(a, b)}
	m := map[string]int16{"k": max(a, 1) - 1}
	fmt.Println(s, t, m)
}`)
	if want := "{8 9} [5 9] map[k:2]\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}

// Patch 106: a forward goto to a label of a case clause's or a select clause's body
// was "undefined" (labels were defined before the statements only in blocks); the
// rewriter's break out of a select inside a switch case is such a goto.
func TestPatchLabelsInClauseBodies(t *testing.T) {
	const body = `
import "fmt"

func main() {
	switch true {
	case true:
		if true {
			goto end
		}
		fmt.Println("not here")
	end:
		fmt.Println("after")
	}
	c := make(chan int, 1)
	c <- 1
	select {
	case x := <-c:
		if x == 1 {
			goto done
		}
		fmt.Println("not here")
	done:
		fmt.Println("done", x)
	}
}
`
	const want = "after\ndone 1\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
	got := cellStdout(t, `import "fmt"

func main() {
	switch true {
	case true:
		c := make(chan float64, 1)
		select {
		case c <- 0.5:
			if len(c) > 0 {
				break
			}
			fmt.Println("not here")
		}
		fmt.Println("after select", len(c))
	}
}`)
	if want := "after select 1\n"; got != want {
		t.Errorf("break in a select in a case: got %q, want (go run) %q", got, want)
	}
}

// Patch 107: the count of a shift took the shifted operand's type before its own was
// known, so its untyped constants did too: x << ((uint8(13) / (b | 1)) & 127) with x an
// N1 failed "mismatched types uint8 and main.N1".
func TestPatchShiftCountKeepsItsType(t *testing.T) {
	const body = `
import "fmt"

type N1 int32

func main() {
	v3 := []uint8{7}
	var v19 N1 = (N1(-8) >> ((uint8(13) / (v3[0] | 1)) & 127))
	var g28 uint = 5
	g29 := []uint8{(uint8(16) << ((uint(17) % (g28 | 1)) & 63)), uint8(2)}
	var w int8 = 3
	w += ((int8(-1) / ((int8(4) | w) | 1)) << ((uint64(19) % (uint64(w) | 1)) & 127))
	fmt.Println(v19, g29, w)
}
`
	const want = "-4 [64 2] 3\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}
