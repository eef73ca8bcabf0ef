package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches about calls (eval/third_party/yaegi/PATCHES.md): a
// function that runs to its end or fails loudly, unnamed parameters, arguments passed
// with their sign, and the operands of a return landing in their own results (named
// results read before any is set, values boxed into interface results). Expected
// outputs are what `go run` prints for the same programs.

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

// Patch 35: a function or method with an unnamed parameter (func (n Num)
// Eval(map[string]float64)) got no frame slot for it, while the caller copies the
// arguments into consecutive slots: the argument landed in a local's slot (reflect.Set
// panics, or a local silently overwritten).
func TestPatchUnnamedParameters(t *testing.T) {
	checkCorpusProgramBare(t, "h_unnamed_params_methods")
}

// Patch 37: a negative zero passed to an interpreted function keeps its sign; the call
// skipped copying arguments reflect counts as zero, and reflect counts -0.0 as zero, so
// the parameter was +0.0 (min(-0.0, 0.0) of the prelude printed 0 where Go prints -0).
func TestPatchNegativeZeroArgument(t *testing.T) {
	src := `package main

import (
	"fmt"
	"math"
)

func id[T any](x T) T                      { m := x; return m }
func idf(x float64) float64                { m := x; return m }
func idv(x float64, ys ...float64) float64 { m := x; return m }
func r1(x float64) float64                 { return x }
func r2(x float64) bool                    { return math.Signbit(x) }
func r3(x float64) (m float64)             { m = x; return }

func c128(c complex128) bool { return math.Signbit(imag(c)) }

func main() {
	negz := math.Copysign(0, -1)
	a := negz
	var b float64 = negz
	fmt.Println(negz, a, b, id(negz), idf(negz), idv(negz, 0), math.Signbit(negz))
	c := 0.0
	c = negz
	fmt.Println(c, -c, 0*-1.0, c*1)
	fmt.Println(r1(negz), r2(negz), r3(negz))
	v := r1(negz)
	fmt.Println(math.Signbit(v), c128(complex(1, math.Copysign(0, -1))))
}
`
	want := `-0 -0 -0 -0 -0 -0 true
-0 0 0 -0
-0 true -0
true true
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 71: each operand of a multi-value return is computed into its own result's slot,
// or its own slot and converted. A builtin call was computed into the first result's slot
// whatever its position (`return []int{1}, make([]int, 2)` returned [1] [1], status ok;
// `return "x", len(xs)` panicked in reflect), a call was stored in its position's slot
// when its type was the first result's, and `return g()` with g's results converted to the
// function's (T into an interface) returned g's first result only. Patch 101, the same
// fix found by the random differential tester: `return 8, new(N)` into an int and an
// interface panicked "reflect.Set: value of type *N is not assignable to type int".
func TestPatchReturnOperandsTakeTheirSlots(t *testing.T) {
	src := `package main

import "fmt"

type I interface{ M() int }
type T int

func (t T) M() int { return int(t) }

func mk() (T, error)              { return 4, fmt.Errorf("e") }
func one() int                    { return 7 }
func a(xs []int) ([]int, []int)   { return []int{1}, make([]int, 2) }
func b(xs []int) (string, int)    { return "x", len(xs) }
func c() (int, any)               { return 1, one() }
func d() (I, error)               { return mk() }
func e() (r []int)                { defer func() { r = append(r, 1) }(); return make([]int, 2) }
func g(xs []int) (int, []int)     { return cap(xs), append(xs, len(xs)) }
func f() (int, *int)              { return 8, new(int) }
func h() (int, I, []string)       { return 8, new(N), append([]string{"a"}, "b") }

type N string

func (n *N) M() int { return len(*n) + 1 }

func main() {
	xs := []int{1, 2, 3}
	fmt.Println(a(xs))
	fmt.Println(b(xs))
	fmt.Println(c())
	i, err := d()
	fmt.Println(i.M(), err)
	fmt.Println(e())
	fmt.Println(g(xs[:1]))
	p, q := f()
	fmt.Println(p, *q)
	x, y, z := h()
	fmt.Println(x, y.M(), z)
}`
	const want = "[1] [0 0]\nx 3\n1 7\n4 e\n[0 0 1]\n3 [1 1]\n8 0\n8 1 [a b]\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 83: a return whose operands read the function's named results assigns them all at
// once, as Go does. The results were stored one by one (return b, a gave b, b), and an
// operand computed straight into a result's slot (a builtin call, an arithmetic
// expression, a compiled call) overwrote a named result another operand then read (return
// q * 2, p gave q * 2 twice). Found by Go's test/fixedbugs/bug185.go (status ok in user
// code: the program's own check caught it). Patch 102, the same fix found by the random
// differential tester: `return s, r` with named results r, s swapped nothing, and
// `return make([]int, 1), r` returned the new slice twice.
func TestPatchReturnReadsNamedResults(t *testing.T) {
	checkCorpusProgramBare(t, "gs_return_named_results")
	checkCorpusProgram(t, "gs_return_named_results")
	const builtin = `package main

import "fmt"

func k() (r []int, s []int) {
	r = []int{9}
	return make([]int, 1), r
}

func main() {
	fmt.Println(k())
}`
	const wantBuiltin = "[0] [9]\n"
	if got := yaegiStdout(t, builtin); got != wantBuiltin {
		t.Errorf("bare interpreter, a builtin's result before a named result: got %q, want %q", got, wantBuiltin)
	}
	if got := cellStdout(t, builtin); got != wantBuiltin {
		t.Errorf("cell, a builtin's result before a named result: got %q, want %q", got, wantBuiltin)
	}
}

// Patch 91: a comparison or a unary expression returned as an interface result gets a
// slot of its own and is boxed by the return. It was computed straight into the result's
// interface slot: return x > y from a func() any panicked ("reflect: call of
// reflect.Value.SetBool on interface Value"), return -a had no code ("internal error: no
// code generated for unaryExpr"). Found by Go's test/fixedbugs/issue4785.go.
func TestPatchComparisonReturnedAsInterface(t *testing.T) {
	checkCorpusProgram(t, "gs_return_into_interface")
}
