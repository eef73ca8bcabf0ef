package eval

import (
	"os"
	"strings"
	"testing"
)

// Tests of the yaegi patches 80 and up and of the rewrites that the second pass over Go's
// own test suite (TestGoSuite, eligible and widened sets) found wanting. Expected output is
// what `go run` prints for the same program.

// The rewriter's type switch (rewrite.typeSwitch) and assertions in a generic function: a
// case that is a type parameter took the session's types implementing its constraint as
// matches (`case T, Labeled:` in kind[Circle] took a Square, status ok), and a case of an
// interface whose methods mention a type parameter (`interface{ Len() T }`) was decided
// for the generic code, not the instance (a Meter never matched). A type parameter case
// is now yaegi's assertion in the instance; a session type's answer for such an interface
// is decided when the instance runs, by the identity of its methods' signatures with the
// instance's. Found by Go's test/typeparam/typeswitch4.go, 5 and 7.
func TestTypeSwitchCasesOfTypeParameters(t *testing.T) {
	src := `package main

import "fmt"

type Shape interface{ Area() int }

type Square int

func (s Square) Area() int { return int(s * s) }

type Circle float64

func (c Circle) Area() int { return int(3 * c * c) }

type Labeled int32

func (l Labeled) Area() int     { return int(l) }
func (l Labeled) Label() string { return "L" }

type Meter int

func (m Meter) Len() int { return int(m) }

type Foot float64

func (f Foot) Len() float64 { return float64(f) }

func kind[T Shape](s Shape) string {
	switch v := s.(type) {
	case T, Labeled:
		return fmt.Sprintf("T-or-Labeled(%d)", v.Area())
	default:
		return fmt.Sprintf("other(%d)", v.Area())
	}
}

func measure[T any](x any) string {
	switch v := x.(type) {
	case interface{ Len() T }:
		return fmt.Sprint("len ", v.Len())
	case Meter:
		return "meter"
	default:
		return "none"
	}
}

func lener[T any](x any) bool {
	_, ok := x.(interface{ Len() T })
	return ok
}

func exact[T any](x any) string {
	switch x.(type) {
	case T:
		return "T"
	case int:
		return "int"
	}
	return "-"
}

func main() {
	fmt.Println(kind[Circle](Square(2)), kind[Circle](Circle(1)), kind[Circle](Labeled(5)))
	fmt.Println(kind[Labeled](Labeled(6)), kind[Square](Circle(1)), kind[Shape](Square(3)))
	fmt.Println(measure[int](Meter(4)), measure[float64](Meter(4)), measure[float64](Foot(2.5)), measure[int](3))
	fmt.Println(lener[int](Meter(1)), lener[int](Foot(1)), lener[float64](Foot(1)), lener[int](1))
	fmt.Println(exact[float64](1.5), exact[float64](2), exact[any](2), exact[any](nil), exact[fmt.Stringer](Square(1)))
}`
	const want = "other(4) T-or-Labeled(3) T-or-Labeled(5)\n" +
		"T-or-Labeled(6) other(3) T-or-Labeled(9)\n" +
		"len 4 meter len 2.5 none\n" +
		"true false true false\n" +
		"T int T - -\n"
	if got := cellStdout(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// println of an operand whose type is a type parameter prints as the instance's type
// does: an int as a number, an interface as its two words. The rewriter passed every such
// operand as an interface ("show (0x...,0x...)" for show(7)).
func TestPrintlnOfTypeParameterOperand(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `package main

func show[T any](v T) { println("show", v) }

func main() {
	show(7)
	show("s")
	show(2.5)
	show[any](nil)
	show[error](nil)
}`)
	const want = "show 7\nshow s\nshow 2.5\nshow (0x0,0x0)\nshow (0x0,0x0)\n"
	if got := rec.stream("stderr"); got != want {
		t.Errorf("stderr: %q, want %q", got, want)
	}
	if got := rec.stream("stdout"); strings.TrimSpace(got) != "" {
		t.Errorf("stdout: %q, want nothing", got)
	}
}

// Patch 80: ++ and -- of a uintptr. inc and dec had no code for the uintptr kind: the
// statement panicked with "internal error: no code generated for incDecStmt" (patch 1),
// which, in a goroutine, ended the session (Go's test/gcgort.go).
func TestPatchUintptrIncDec(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	var a uintptr
	a++
	a++
	a--
	p := new(uintptr)
	*p++
	*p++
	arr := [2]uintptr{}
	arr[1]++
	m := map[string]uintptr{}
	m["k"]++
	m["k"]++
	m["k"]--
	var z uintptr
	z--
	fmt.Println(a, *p, arr, m, z)
}`
	const want = "1 2 [0 1] map[k:1] 18446744073709551615\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
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

// Patch 81: the runtime errors of index and slice expressions name an unsigned bound as
// Go does (s[u] with u a uint64 of 1<<64-1 said "index out of range [-1]"), and a
// three-index slice of an array its length ("[::4] with length 3", not "with capacity"):
// patch 3's placeholders now take each bound with its operand's signedness. Found by Go's
// test/fixedbugs/issue30116.go and issue30116u.go (status ok, other text).
func TestPatchBoundsErrorsOfUnsignedAndArrayOperands(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_bounds_errors.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/gs_bounds_errors.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := yaegiStdout(t, string(src)); got != string(want) {
		t.Errorf("bare interpreter: got\n%s\nwant\n%s", got, want)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant\n%s", got, want)
	}
}

// Patch 82: `defer recover()` defers the call. It ran at once, at the defer statement,
// and stopped the panic its function had been deferred for; then a panic of the function
// itself, which Go lets go on to the next deferred call, was stopped by nobody expecting
// to: "outer recovered first" was missing, status ok. Found by Go's test/recover1.go,
// whose failure check (runtime.Breakpoint) then ended the session.
func TestPatchDeferredRecoverCall(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_deferred_recover.go")
	if err != nil {
		t.Fatal(err)
	}
	const want = "after return: <nil>\ninner recovered second\nouter recovered first\ninner recovered second\nin order: <nil>\n"
	if got := yaegiStdout(t, string(src)); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, string(src)); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 83: a return whose operands read the function's named results assigns them all at
// once, as Go does. The results were stored one by one (return b, a gave b, b), and an
// operand computed straight into a result's slot (a builtin call, an arithmetic
// expression, a compiled call) overwrote a named result another operand then read (return
// q * 2, p gave q * 2 twice). Found by Go's test/fixedbugs/bug185.go (status ok in user
// code: the program's own check caught it).
func TestPatchReturnReadsNamedResults(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_return_named_results.go")
	if err != nil {
		t.Fatal(err)
	}
	const want = "2 1\ny z x\n1 [1 3] <nil>\nright left\ntwo 1\n{5} 1\n3 0.5\n"
	if got := yaegiStdout(t, string(src)); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, string(src)); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 84: a struct type defined from another named struct type (type Alias Base) is a
// type of its own: it kept Base's identity tag (patch 5), so a Base passed x.(Alias),
// matched case Alias and collided with an Alias as a map[any] key, status ok. Found by Go's
// test/fixedbugs/bug201.go.
func TestPatchStructDefinedFromNamedStruct(t *testing.T) {
	src := `package main

import "fmt"

type T1 struct{ x, y int }
type T3 T1

func main() {
	var i any = new(T1)
	_, ok1 := i.(*T1)
	_, ok3 := i.(*T3)
	var j any = T1{}
	_, ok4 := j.(T3)
	var k any = T3{1, 2}
	_, ok5 := k.(T1)
	m := map[any]int{T1{}: 1, T3{}: 2}
	fmt.Println(ok1, ok3, ok4, ok5, len(m), T1(k.(T3)))
}`
	const want = "true false false false 2 {1 2}\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
	src2, err := os.ReadFile("testdata/corpus/gs_named_from_named_struct.go")
	if err != nil {
		t.Fatal(err)
	}
	want2, err := os.ReadFile("testdata/corpus/gs_named_from_named_struct.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src2)); got != string(want2) {
		t.Errorf("cell (json, %%T, a type switch, map keys, conversions): got\n%s\nwant\n%s", got, want2)
	}
}

// The rewrites of two-valued assignments (rewrite.mapIndexTuple, commaOk) evaluate the
// operands of the destinations' index expressions, pointer indirections and field
// selections before the right side, as Go does: m[f()], *g() = strconv.Atoi(h()) called
// h before g, and *e3(), ok = e2().(I) called e2 before e3 (status ok). Found by Go's
// test/fixedbugs/bug262.go and bug242.go.
func TestTwoValuedAssignmentEvaluatesDestinationsFirst(t *testing.T) {
	got := cellStdout(t, `package main

import (
	"fmt"
	"strconv"
)

type Shape interface{ Area() int }

type Square int

func (s Square) Area() int { return int(s * s) }

var trace string

func mark(name string) string {
	trace += name
	return name
}

func errSlot(name string, p *error) *error {
	trace += name
	return p
}

func main() {
	m := map[string]int{}
	var err error
	m[mark("k")], *errSlot("e", &err) = strconv.Atoi(mark("1"))
	fmt.Println(m, err, trace)
	trace = ""
	var sh Shape
	var ok bool
	shapes := []Shape{nil}
	shapes[len(mark("i"))-1], ok = any(Square(mark("v")[0]-'v'+3)).(Shape)
	sh = shapes[0]
	fmt.Println(sh.Area(), ok, trace)
}`)
	if want := "map[k:1] <nil> ke1\n9 true iv\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Patch 85: append with several values reads them all before it stores any. reflect.Append
// stored them one by one into the backing array the first argument shares, and a later
// value read from it saw the earlier store: append(s[:i], x, s[i]) inserted x twice,
// status ok. Found by Go's test/fixedbugs/bug428.go.
func TestPatchAppendReadsArgumentsFirst(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	s := make([]byte, 5, 6)
	copy(s, "12346")
	s = append(s[:len(s)-1], '5', s[len(s)-1])
	nums := make([]int, 3, 10)
	nums[0], nums[1], nums[2] = 1, 2, 3
	nums = append(nums[:1], 9, nums[1], nums[2])
	fmt.Println(string(s), nums)
}`
	const want = "123456 [1 9 2 3]\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 86: a selector picks the shallowest field or method, as Go does. yaegi searched
// the embedded fields depth first: a field or method of the first embedded struct's
// embedded struct hid the one of a later embedded field, one level up (o.ID gave Inner's
// Core.ID, not Tag.ID; s.String() gave a deep String instead of *bytes.Buffer's), status
// ok. Found by Go's test/fixedbugs/bug485.go and issue24547.go.
func TestPatchSelectorTakesTheShallowest(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_promotion_depth.go")
	if err != nil {
		t.Fatal(err)
	}
	const want = "tag name:outer 7 name:inner\nname:outer\nname:outer\ntag name:outer\nbuilt\nbuilt\nbuffered\n"
	if got := yaegiStdout(t, string(src)); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, string(src)); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 87: a switch compares its cases as Go's == does: an untyped constant case takes
// the tag's type (case 1e16 of a uint64 tag compared as float64s, and 1e16+1 matched,
// status ok), and a channel tag matches a case of the other direction's type (it did not,
// or panicked in reflect's Convert). Found by Go's test/fixedbugs/issue43480.go and
// issue67190.go.
func TestPatchSwitchComparesAsEquality(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_switch_constant_cases.go")
	if err != nil {
		t.Fatal(err)
	}
	const want = "1e16 other 2^60 other\na two ?\n2^53+1\nsame channel\nsame channel\n"
	if got := yaegiStdout(t, string(src)); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, string(src)); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 88: the type parameters of a generic function are its own. They were declared in
// the package's scope: `func Keys[K comparable, V any]` replaced a `type K string`
// declared before it (and a later cell's use of K), and defined T for a declaration after
// it that named an undeclared T (`type A struct{ b *T }` panicked in the interpreter where
// Go says "undefined: T").
func TestPatchTypeParametersStayInTheirFunction(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_type_parameter_names.go")
	if err != nil {
		t.Fatal(err)
	}
	const want = "key {2} 1.5 1 1\ntrue false\n"
	if got := yaegiStdout(t, string(src)); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, string(src)); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
	s := newSession(t)
	mustExec(t, s, "func Pick[T any](xs []T) T { return xs[0] }")
	_, e, _ := run(t, s, "type A struct{ b *T }")
	if e == nil || !strings.Contains(e.Value, "undefined: T") {
		t.Errorf("type A struct{ b *T } after a generic function of T: got %+v, want undefined: T", e)
	}
	mustExec(t, s, "type T struct{ n int }")
	if got, _ := mustExec(t, s, "t := T{n: 4}\nt.n + Pick([]int{3})"); got != "7" {
		t.Errorf("a type T declared after a generic function of T: got %q, want 7", got)
	}
}

// Patch 89: a multiple assignment reads the maps and keys of the map entries on its left
// before it stores anything: i, m[i] = 1, 2 stored into m[1] (the key read after i was
// set), and cur, cur["k"] = other, 3 into the new map, status ok. Found by Go's
// test/fixedbugs/issue4620.go.
func TestPatchMultipleAssignmentReadsMapKeysFirst(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_multi_assign_map_keys.go")
	if err != nil {
		t.Fatal(err)
	}
	const want = "map[0:2] 1 [5 0] 1 map[k:3] map[] map[a:first] b\n"
	if got := yaegiStdout(t, string(src)); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, string(src)); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 90: a shift count that is a non-constant shift of an untyped constant
// (1 << (1 << x)) keeps the type its code computes. The count's type was changed to uint
// after its code was made for an int, and reading it panicked ("reflect: call of
// reflect.Value.Uint on int Value"). Found by Go's test/fixedbugs/bug180.go and
// issue12133.go.
func TestPatchShiftCountThatIsAShift(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_shift_count_shift.go")
	if err != nil {
		t.Fatal(err)
	}
	const want = "16 65536 48 0\n"
	if got := yaegiStdout(t, string(src)); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, string(src)); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 91: a comparison or a unary expression returned as an interface result gets a
// slot of its own and is boxed by the return. It was computed straight into the result's
// interface slot: return x > y from a func() any panicked ("reflect: call of
// reflect.Value.SetBool on interface Value"), return -a had no code ("internal error: no
// code generated for unaryExpr"). Found by Go's test/fixedbugs/issue4785.go.
func TestPatchComparisonReturnedAsInterface(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/gs_return_into_interface.go")
	if err != nil {
		t.Fatal(err)
	}
	const want = "false true 5 -4 false\ntrue <nil>\nwarmer not warmer\nbool int\n"
	if got := cellStdout(t, string(src)); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}
