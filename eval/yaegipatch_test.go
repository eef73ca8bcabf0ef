package eval

import (
	"bytes"
	"strings"
	"testing"

	stdlib "github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
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

// Patch 4: a comma-ok assertion of a nil interface value to an interface type is false,
// as after recover() when nothing panicked. The session's assertion rewrites hide the
// bug, so this runs the program on a bare interpreter.
func TestPatchAssertNilToInterface(t *testing.T) {
	got := yaegiStdout(t, `package main

import (
	"context"
	"fmt"
)

func main() {
	_, ok := context.Background().Value("k").(fmt.Stringer)
	fmt.Println(ok)
	var r any
	err, ok := r.(error)
	fmt.Println(ok, err)
	s, ok := r.(fmt.Stringer)
	fmt.Println(ok, s == nil)
	func() {
		defer func() {
			e, ok := recover().(error)
			fmt.Println("recovered", ok, e)
		}()
	}()
}`)
	if want := "false\nfalse <nil>\nfalse true\nrecovered false <nil>\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// yaegiStdout runs a program on a bare yaegi interpreter with the standard library and
// returns its standard output; the program must succeed.
func yaegiStdout(t *testing.T, src string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &errOut})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(src); err != nil {
		t.Fatalf("eval: %v\nstderr: %s", err, errOut.String())
	}
	return out.String()
}

// Patch 5: struct types with the same fields stay distinct types in assertions, type
// switches, map keys and errors.As; conversions between them and struct tags still work.
func TestPatchStructIdentity(t *testing.T) {
	got := cellStdout(t, `import (
	"encoding/json"
	"errors"
	"fmt"
)

type Dog struct{ Name string }
type Cat struct{ Name string }

type NotFound struct{ What string }
type Forbidden struct{ What string }

func (e NotFound) Error() string  { return e.What + " not found" }
func (e Forbidden) Error() string { return e.What + " forbidden" }

type User struct {
	Name string `+"`"+`json:"name"`+"`"+`
	Age  int    `+"`"+`json:"age,omitempty"`+"`"+`
}

func kind(v any) string {
	switch v.(type) {
	case Dog:
		return "dog"
	case Cat:
		return "cat"
	}
	return "other"
}

func main() {
	var a any = Cat{"Tom"}
	_, isDog := a.(Dog)
	fmt.Println(isDog, kind(a), kind(Dog{"Rex"}), kind(struct{ Name string }{"x"}))
	m := map[any]int{Dog{"a"}: 1, Cat{"a"}: 2}
	fmt.Println(len(m), m[Dog{"a"}], m[Cat{"a"}])
	err := fmt.Errorf("wrap: %w", Forbidden{"file"})
	var nf NotFound
	var fb Forbidden
	fmt.Println(errors.As(err, &nf), errors.As(err, &fb), fb.What)
	d := Dog(Cat{"conv"})
	fmt.Println(d.Name, a == any(Dog{"Tom"}), a == any(Cat{"Tom"}))
	b, _ := json.Marshal(User{Name: "ann"})
	fmt.Println(string(b))
}
`)
	want := "false cat dog other\n2 1 2\nfalse true file\nconv false true\n{\"name\":\"ann\"}\n"
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 6: an embedded struct field is embedded for reflect too (json flattens it,
// reflect reports it Anonymous) where reflect.StructOf supports it. (On a bare
// interpreter: the session refuses reflect.TypeOf of cell types.)
func TestPatchEmbeddedFields(t *testing.T) {
	got := yaegiStdout(t, `package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

type Base struct {
	ID      int    `+"`"+`json:"id"`+"`"+`
	Created string `+"`"+`json:"created"`+"`"+`
}

type Post struct {
	Base
	Title string `+"`"+`json:"title"`+"`"+`
}

type Counter struct {
	sync.Mutex
	N int
}

func main() {
	b, _ := json.Marshal(Post{Base{1, "today"}, "hi"})
	fmt.Println(string(b))
	var p Post
	err := json.Unmarshal([]byte(`+"`"+`{"id":7,"title":"t"}`+"`"+`), &p)
	fmt.Println(p.ID, p.Title, err)
	t := reflect.TypeOf(p)
	fmt.Println(t.Field(0).Anonymous, t.Field(1).Anonymous)
	c := &Counter{}
	c.Lock()
	c.N++
	c.Unlock()
	fmt.Println(c.N)
}
`)
	want := "{\"id\":1,\"created\":\"today\",\"title\":\"hi\"}\n7 t <nil>\ntrue false\n1\n"
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 7: panic(v) panics with v, not with yaegi's reflect.Value of it (and the rewriter
// converts v to any as Go does): a recovered value of a cell error type is an error.
func TestPatchPanicValue(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type VE struct{ F string }

func (e VE) Error() string { return "invalid " + e.F }

func main() {
	func() {
		defer func() {
			r := recover()
			_, ok := r.(error)
			fmt.Println("recovered", ok)
			switch r.(type) {
			case error:
				fmt.Println("case error")
			default:
				fmt.Println("default")
			}
		}()
		panic(VE{"y"})
	}()
	func() {
		defer func() { fmt.Println(recover().(string) + "!") }()
		panic("text")
	}()
}`)
	if want := "recovered true\ncase error\ntext!\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Patch 8: a cell struct value held in a compiled interface (fmt.Stringer) is the whole
// struct for assertions, not the struct's last field.
func TestPatchConcreteValueOfWrapper(t *testing.T) {
	src := `import "fmt"

type P struct {
	Name string
	N    int
}

func (p P) String() string { return fmt.Sprintf("%s/%d", p.Name, p.N) }

func main() {
	var q fmt.Stringer = P{"a", 1}
	p, ok := q.(P)
	fmt.Println(p, ok)
	var e any = q
	_, ok = e.(int)
	fmt.Println(ok)
}`
	want := "a/1 true\nfalse\n"
	if got := cellStdout(t, src); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
	if got := yaegiStdout(t, "package main\n\n"+src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 9: each argument of a variadic call of a compiled function is wrapped for the
// slice's element type: a cell type with a value-receiver Write method goes to
// io.MultiWriter as an io.Writer.
func TestPatchVariadicInterfaceArgs(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"io"
	"os"
)

type counter struct{ n *int }

func (c counter) Write(b []byte) (int, error) { *c.n += len(b); return len(b), nil }

func main() {
	n := 0
	w := io.MultiWriter(counter{&n}, os.Stdout)
	fmt.Fprintln(w, "hi")
	ws := []io.Writer{counter{&n}}
	fmt.Fprint(io.MultiWriter(ws...), "abc")
	fmt.Println(n)
}`)
	if want := "hi\n6\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Patch 10: a value of a cell type with methods, returned by a call and passed on as an
// empty interface or a compiled one (f(g())), keeps its methods: r.(error) holds after
// panic(id(cp(v))), the shape the rewriter gives panic(v) of a struct (a copy, then a
// conversion to any), and str(cp(v)) calls String through fmt.Stringer.
func TestPatchCallResultAsAny(t *testing.T) {
	src := `package main

import "fmt"

type VE struct{ F string }

func (e VE) Error() string { return "invalid " + e.F }

func id(v any) any { return v }
func cp(v VE) VE  { return v }

func str(s fmt.Stringer) string { return s.String() + "!" }

func (e VE) String() string { return "VE " + e.F }

func main() {
	v := id(cp(VE{"x"}))
	err, ok := v.(error)
	fmt.Println(ok, err)
	fmt.Println(str(cp(VE{"s"})))
	func() {
		defer func() {
			_, ok := recover().(error)
			fmt.Println("recovered", ok)
		}()
		panic(id(cp(VE{"y"})))
	}()
}`
	if got, want := yaegiStdout(t, src), "true invalid x\nVE s!\nrecovered true\n"; got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 11: a call whose results go to variables (q, err := f()) starts from zero
// results: when f panics and recovers, q is f's zero named result, not the value q held
// from the loop's previous iteration; a panic that goes on leaves the variables as they
// were, and a function that reads a destination (g, err = readG()) still sees its value.
func TestPatchResultsNotAliased(t *testing.T) {
	src := `package main

import "fmt"

var g int

func div(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered")
		}
	}()
	return a / b, nil
}

func readG() (int, error) { return g + 1, nil }

func main() {
	for _, p := range [][2]int{{7, 2}, {1, 0}} {
		q, err := div(p[0], p[1])
		fmt.Println(q, err)
	}
	var err error
	g, err = readG()
	g, err = readG()
	fmt.Println(g, err)
	q := 5
	func() {
		defer func() { recover() }()
		q, _ = func() (int, error) { panic("x") }()
	}()
	fmt.Println(q)
}`
	if got, want := yaegiStdout(t, src), "3 <nil>\n0 recovered\n2 <nil>\n5\n"; got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
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

// Patch 17: range over a string gives the byte position of each rune and decodes an
// invalid byte as one RuneError of width 1, as Go does; yaegi ranged over []rune(s) and
// computed positions from the runes re-encoded (an invalid byte counted 3) and, in the
// key-only form, gave rune indexes instead of byte positions. The string is evaluated once.
func TestPatchRangeStringPositions(t *testing.T) {
	src := `package main

import "fmt"

type Word string

func main() {
	s := "a\xffé世"
	for i, r := range s {
		fmt.Print(i, ":", r, " ")
	}
	fmt.Println()
	for i := range s {
		fmt.Print(i, " ")
	}
	fmt.Println()
	n := 0
	for range s {
		n++
	}
	fmt.Println(n)
	t := "xyz"
	for i, r := range t {
		t = "changed"
		fmt.Print(i, string(r))
	}
	fmt.Println(" ", t)
	for i := range Word("héj") {
		fmt.Print(i, " ")
	}
	fmt.Println()
	var w any = "ok"
	for i, r := range w.(string) {
		if r == 'k' {
			break
		}
		fmt.Println(i, r)
	}
	for _, r := range "" {
		fmt.Println("never", r)
	}
}
`
	want := `0:97 1:65533 2:233 4:19990 
0 1 2 4 
4
0x1y2z  changed
0 1 3 
0 111
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 18: a type alias declared in a function (type pair = struct{ K string; V int })
// denotes the aliased type; yaegi only handled aliases at package level and failed with
// "definition loop" on the first use of a local one.
func TestPatchLocalTypeAlias(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
)

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

func main() {
	type myint = int
	var a myint = 2
	var b int = a * 3
	type pair = struct {
		K string
		V int
	}
	ps := []pair{{"x", b}}
	var q struct {
		K string
		V int
	} = ps[0]
	type T = Temp
	t := T(21.5)
	type B = strings.Builder
	var sb B
	sb.WriteString(t.String())
	fmt.Printf("%T %d %v %v %s\n", a, b, ps, q, sb.String())
}
`
	want := `int 6 [{x 6}] {x 6} 21.5°
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 19: a value of type any asserted to an interface literal with methods
// (x.(interface{ Temporary() bool })) with its result kept panicked with "reflect.Set: value
// of type interface {} is not assignable to type interp.valueInterface".
func TestPatchAssertAnyToInterfaceLiteral(t *testing.T) {
	src := `package main

import "fmt"

type TE struct{ A int }

func (e *TE) Temporary() bool { return e.A > 0 }

type temp interface{ Temporary() bool }

func main() {
	var x any = &TE{3}
	w, ok := x.(interface{ Temporary() bool })
	fmt.Println(ok, w.Temporary())
	var v interface{ Temporary() bool }
	v = x.(interface{ Temporary() bool })
	fmt.Println(v.Temporary())
	var n temp = x.(temp)
	fmt.Println(n.Temporary())
	_, ok = any(5).(interface{ Temporary() bool })
	fmt.Println(ok)
}
`
	want := `true true
true
true
false
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 20: a function or method with an unnamed parameter (func (n Num)
// Eval(map[string]float64)) got no frame slot for it, while the caller copies the
// arguments into consecutive slots: the argument landed in a local's slot (reflect.Set
// panics, or a local silently overwritten).
func TestPatchUnnamedParameters(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sort"
	"strings"
)

type Num float64

func (n Num) Eval(map[string]float64) (float64, error) { return float64(n) * 2, nil }

type Box struct{ v int }

func (b Box) Get(int, string) int { t := b.v + 1; return t }

func (b *Box) Set(_ int, v int) { b.v = v }

type Evaler interface {
	Eval(map[string]float64) (float64, error)
}

func ignore(string, int) string { return "ignored" }

func main() {
	fmt.Println(Num(2).Eval(nil))
	var e Evaler = Num(4)
	fmt.Println(e.Eval(map[string]float64{"x": 1}))
	b := &Box{3}
	b.Set(0, 9)
	fmt.Println(b.Get(1, "a"), ignore("s", 1))
	f := func(int, string) string { s := "lit"; return s }
	fmt.Println(f(1, "x"))
	fmt.Println(strings.Map(func(rune) rune { return 'x' }, "abc"))
	xs := []int{3, 1, 2}
	sort.Slice(xs, func(i, _ int) bool { return xs[i] < 2 })
	g := b.Get
	fmt.Println(g(0, ""), len(xs))
}
`
	want := `4 <nil>
8 <nil>
10 ignored
lit
xxx
10 3
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 21: a shift by a negative count of a signed type panics with Go's runtime error
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

// Patch 22: a negative zero passed to an interpreted function keeps its sign; the call
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

// Patch 12: a compiled value asserted to an interface type of the interpreter is checked
// against its methods: errors.Join's error satisfies interface{ Unwrap() []error }, a
// *strings.Reader does not satisfy interface{ Close() error } (and panics without ok);
// errors.As into an interface-typed target (a session rewrites it into such assertions)
// is in the corpus (c_ident_errors_as_custom).
func TestPatchCompiledValueToInterface(t *testing.T) {
	src := `package main

import (
	"errors"
	"fmt"
	"strings"
)

type closer interface{ Close() error }

func main() {
	err := errors.Join(errors.New("a"), errors.New("b"))
	u, ok := err.(interface{ Unwrap() []error })
	fmt.Println(ok, len(u.Unwrap()))
	var r any = strings.NewReader("x")
	_, ok = r.(closer)
	fmt.Println(ok)
	var target interface{ Error() string }
	target, ok = err.(interface{ Error() string })
	fmt.Println(ok, target != nil)
	defer func() { fmt.Println(recover() != nil) }()
	_ = r.(closer)
}`
	if got, want := yaegiStdout(t, src), "true 2\nfalse\ntrue true\ntrue\n"; got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 13: a pointer to a cell type held in an interface of the interpreter, asserted
// to error, gives a usable error: its Error method and errors.As work (the wrapper used
// to read the value again from the asserting frame, where its slot held something else).
func TestPatchAssertHeldPointerToError(t *testing.T) {
	src := `package main

import (
	"errors"
	"fmt"
)

type HE struct{ Code int }

func (e *HE) Error() string { return fmt.Sprint("code ", e.Code) }

func id(v any) any { return v }

func main() {
	for _, v := range []any{id(&HE{404}), &HE{500}} {
		err, ok := v.(error)
		fmt.Println(ok, err)
	}
	func() {
		defer func() {
			err, ok := recover().(error)
			var he *HE
			fmt.Println(ok, err, errors.As(err, &he) && he.Code == 404)
		}()
		panic(&HE{404})
	}()
}`
	want := "true code 404\ntrue code 500\ntrue code 404 true\n"
	// On a bare interpreter panic's argument is not converted to any (the session's
	// rewriter does it), so only the assertions of held values are compared there.
	bare := src[:strings.Index(src, "\tfunc() {")] + "}"
	if got, want := yaegiStdout(t, bare), "true code 404\ntrue code 500\n"; got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}
