package eval

import "testing"

// Tests of the yaegi patches that make run-time failures Go's runtime errors, with Go's
// texts (eval/third_party/yaegi/PATCHES.md): bounds, nil dereferences (also through
// embedded pointers and interfaces holding nil pointers), nil func calls, conversions,
// make's sizes and negative shift counts. Expected outputs are what `go run` prints for
// the same programs.

// Patch 3: the runtime errors of index, slice, nil dereference, nil func call, slice to
// array conversion and type assertion are runtime.Error values with Go's messages.
func TestPatchRuntimeErrors(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"runtime"
)

type node struct{ next *node; v int }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Println(name, isRuntime, r)
	}()
	f()
}

func main() {
	s := []int{1, 2, 3}
	i, n := 5, 6
	try("index", func() { _ = s[i] })
	try("string", func() { _ = "abc"[i] })
	arr := [4]int{}
	try("array", func() { _ = arr[i] })
	c := make([]int, 3, 5)
	try("slice", func() { _ = c[:n] })
	try("slice lo", func() { _ = c[4:3+len(c)-3] })
	try("slice3", func() { _ = c[1:2:n] })
	try("substring", func() { _ = "hello"[2:n] })
	try("array slice", func() { _ = arr[:n] })
	var p *node
	try("nil field", func() { _ = p.v })
	try("nil chain", func() { q := &node{}; _ = q.next.v })
	var fn func()
	try("nil func", func() { fn() })
	short := s[:2]
	try("to array", func() { _ = [3]int(short) })
	var a any = "text"
	try("assert", func() { _ = a.(int) })
	try("ok", func() { _ = s[2] })
}`)
	want := `index true runtime error: index out of range [5] with length 3
string true runtime error: index out of range [5] with length 3
array true runtime error: index out of range [5] with length 4
slice true runtime error: slice bounds out of range [:6] with capacity 5
slice lo true runtime error: slice bounds out of range [4:3]
slice3 true runtime error: slice bounds out of range [::6] with capacity 5
substring true runtime error: slice bounds out of range [:6] with length 5
array slice true runtime error: slice bounds out of range [:6] with length 4
nil field true runtime error: invalid memory address or nil pointer dereference
nil chain true runtime error: invalid memory address or nil pointer dereference
nil func true runtime error: invalid memory address or nil pointer dereference
to array true runtime error: cannot convert slice with length 2 to array or pointer to array with length 3
assert true interface conversion: interface {} is string, not int
ok false <nil>
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 3, extended: make with a negative length or capacity, a store through a nil
// pointer and a slice converted to a pointer to an array too short panic with Go's
// runtime errors.
func TestPatchRuntimeErrorsMore(t *testing.T) {
	src := `package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		fmt.Printf("%s: %v %v\n", name, r, isRT)
	}()
	f()
}

func main() {
	n, c := -1, 2
	try("len", func() { _ = make([]int, n) })
	try("cap", func() { _ = make([]int, 3, c) })
	try("chan", func() { _ = make(chan int, n) })
	var p *int
	try("store", func() { *p = 1 })
	s := []int{1}
	try("ptr", func() { _ = (*[2]int)(s) })
	try("arr", func() { _ = [2]int(s) })
}`
	want := `len: runtime error: makeslice: len out of range true
cap: runtime error: makeslice: cap out of range true
chan: makechan: size out of range true
store: runtime error: invalid memory address or nil pointer dereference true
ptr: runtime error: cannot convert slice with length 1 to array or pointer to array with length 2 true
arr: runtime error: cannot convert slice with length 1 to array or pointer to array with length 2 true
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 3, extended: a field or method promoted through a nil embedded pointer panics
// with Go's nil dereference (reflect said "indirection through nil pointer to embedded
// struct" and "call of reflect.Value.Field on zero Value"); a method on a non-nil path
// still runs, and a reflect panic of a called function passes through.
func TestPatchRuntimeErrorsNilEmbedded(t *testing.T) {
	src := `package main

import (
	"fmt"
	"reflect"
	"runtime"
)

type Base struct{ Name string }

func (b Base) Hello() string { return "hi " + b.Name }

type Mid struct{ *Base }

type Top struct {
	Mid
	N int
}

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		fmt.Printf("%s: %v %v\n", name, r, isRT)
	}()
	f()
}

func main() {
	var t Top
	try("field", func() { _ = t.Name })
	try("method", func() { _ = t.Hello() })
	try("store", func() { t.Name = "x" })
	t.Base = &Base{"ann"}
	fmt.Println(t.Hello(), t.Name)
	try("reflect", func() { reflect.Value{}.Field(0) })
}`
	want := `field: runtime error: invalid memory address or nil pointer dereference true
method: runtime error: invalid memory address or nil pointer dereference true
store: runtime error: invalid memory address or nil pointer dereference true
hi ann ann
reflect: reflect: call of reflect.Value.Field on zero Value false
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 36: a shift by a negative count of a signed type panics with Go's runtime error
// ("negative shift amount"); yaegi converted the count to uint64 and shifted everything
// out (1 << -1 gave 0 with status ok).
func TestPatchNegativeShift(t *testing.T) {
	src := `package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		fmt.Printf("%s: %v %v\n", name, r, isRT)
	}()
	f()
}

func main() {
	n := -1
	var s8 int8 = -3
	var u uint = 70
	x, y := 5, uint32(7)
	try("shl", func() { fmt.Println(x << n) })
	try("shr", func() { fmt.Println(y >> n) })
	try("shl8", func() { fmt.Println(x << s8) })
	try("assign", func() { x <<= n })
	try("assignr", func() { y >>= s8 })
	try("big", func() { fmt.Println(x<<u, y>>u, -8>>u) })
	m := 3
	try("ok", func() { fmt.Println(x<<m, y>>1, int64(-16)>>m) })
}
`
	want := `shl: runtime error: negative shift amount true
shr: runtime error: negative shift amount true
shl8: runtime error: negative shift amount true
assign: runtime error: negative shift amount true
assignr: runtime error: negative shift amount true
0 0 -1
big: <nil> false
40 3 -2
ok: <nil> false
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 58: *p of a nil pointer panics with Go's runtime error where it is evaluated.
// The dereference gave a zero reflect.Value and the operation that used it panicked in
// reflect: a recover printed "reflect: call of reflect.Value.Int on zero Value".
func TestPatchNilDereferenceIsARuntimeError(t *testing.T) {
	src := `package main

import (
	"fmt"
	"runtime"
)

type T struct{ N int }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Println(name, isRuntime, r)
	}()
	f()
}

func main() {
	var p *int
	var q *T
	try("print", func() { fmt.Println(*p) })
	try("add", func() { x := *p + 1; fmt.Println(x) })
	try("copy", func() { v := *q; fmt.Println(v) })
	try("arg", func() { fmt.Sprint(*q) })
	n := 4
	p = &n
	try("ok", func() { fmt.Println(*p + 1) })
}`
	want := "print true runtime error: invalid memory address or nil pointer dereference\n" +
		"add true runtime error: invalid memory address or nil pointer dereference\n" +
		"copy true runtime error: invalid memory address or nil pointer dereference\n" +
		"arg true runtime error: invalid memory address or nil pointer dereference\n" +
		"5\nok false <nil>\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 73: a value method called through an interface holding a nil *T panics with Go's
// runtime error, not reflect's; a direct call through the nil pointer is still a nil
// dereference, as in Go.
func TestPatchValueMethodThroughNilPointer(t *testing.T) {
	src := `package main

import "fmt"

type T int

type I interface{ F() }

func (t T) F() {}

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(interface{ RuntimeError() })
		fmt.Println(name, isRT, r)
	}()
	f()
}

// call is not inlined: the compiler would see the dynamic type and dereference
// the pointer where the call is written (a nil dereference).
//
//go:noinline
func call(i I) { i.F() }

func main() {
	var pt *T
	is := []I{pt}
	try("iface", func() { call(is[0]) })
	try("direct", func() { pt.F() })
}`
	const want = "iface true value method main.T.F called using nil *T pointer\n" +
		"direct true runtime error: invalid memory address or nil pointer dereference\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 81: the runtime errors of index and slice expressions name an unsigned bound as
// Go does (s[u] with u a uint64 of 1<<64-1 said "index out of range [-1]"), and a
// three-index slice of an array its length ("[::4] with length 3", not "with capacity"):
// patch 3's placeholders now take each bound with its operand's signedness. Found by Go's
// test/fixedbugs/issue30116.go and issue30116u.go (status ok, other text).
func TestPatchBoundsErrorsOfUnsignedAndArrayOperands(t *testing.T) {
	checkCorpusProgramBare(t, "gs_bounds_errors")
	checkCorpusProgram(t, "gs_bounds_errors")
}
