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

// Generics patch 1: a generic function instantiated while its own instance is being
// compiled (NewSet[T]() in a method of Set[T], compiled when NewSet's result type
// Set[int] is made), and explicit instantiations inside generic bodies whose type
// argument is a cell type (NewSet[T]() with T = Tag, Max[T](m, x)): the first was a CFG
// post-order nil dereference, the second inferred from no arguments and panicked.
func TestPatchGenericInstanceCompiling(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"sort"
	"strconv"
)

type Set[T comparable] struct{ m map[T]bool }

func NewSet[T comparable](items ...T) *Set[T] {
	s := &Set[T]{m: map[T]bool{}}
	for _, it := range items {
		s.m[it] = true
	}
	return s
}

func (s *Set[T]) Union(o *Set[T]) *Set[T] {
	r := NewSet[T]()
	for k := range s.m {
		r.m[k] = true
	}
	for k := range o.m {
		r.m[k] = true
	}
	return r
}

type Tag string

type Amount interface {
	~int | ~float64
	String() string
}

type Cents int

func (c Cents) String() string { return "$" + strconv.Itoa(int(c)/100) + "." + fmt.Sprintf("%02d", int(c)%100) }

func Total[T Amount](xs []T) T {
	var t T
	for _, x := range xs {
		t += x
	}
	return t
}

func Max[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Biggest[T int | float64](xs []T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		m = Max[T](m, x)
	}
	return m
}

func main() {
	u := NewSet(1, 2).Union(NewSet(2, 3))
	t := NewSet[Tag]("go").Union(NewSet[Tag]("rust"))
	var tags []string
	for k := range t.m {
		tags = append(tags, string(k))
	}
	sort.Strings(tags)
	fmt.Println(len(u.m), tags)
	fmt.Println(Total([]Cents{1, 2}), Total([]Cents{150, 275}).String())
	fmt.Println(Biggest([]int{3, 9, 4}), Biggest([]float64{1.5, -2}))
}
`)
	if want := "3 [go rust]\n$0.03 $4.25\n9 1.5\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch 2: explicit instantiation of a function with several type parameters
// (NewStore[string, int](2) was "not a generic type"), a generic type as a type argument
// (as[Pair[K, V]](it), a nil type), a generic function instantiated as a value with several
// type parameters (var h func(int, bool) bool = Two[int, bool] was refused), and
// x.(T) in a generic function panicking with the instance's type.
func TestPatchGenericExplicitInstantiation(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Store[K comparable, V any] struct{ items []any }

func NewStore[K comparable, V any](n int) *Store[K, V] {
	return &Store[K, V]{items: make([]any, 0, n)}
}

func as[T any](x any) T { return x.(T) }

func (s *Store[K, V]) Put(k K, v V) { s.items = append(s.items, Pair[K, V]{k, v}) }

func (s *Store[K, V]) Get(k K) (V, bool) {
	for _, it := range s.items {
		if p := as[Pair[K, V]](it); p.Key == k {
			return p.Val, true
		}
	}
	var zero V
	return zero, false
}

func Id[T any](x T) T { return x }

func Two[A, B any](a A, b B) B { return b }

func main() {
	s := NewStore[string, int](2)
	s.Put("a", 1)
	s.Put("b", 2)
	v, ok := s.Get("b")
	_, ok2 := s.Get("z")
	fmt.Println(v, ok, ok2, cap(s.items))
	var f = Id[int]
	var g func(string) string = Id[string]
	var r = Id(4)
	var h func(int, bool) bool = Two[int, bool]
	k := Two[int, string]
	fmt.Println(f(3), g("g"), r, h(1, true), k(2, "k"))
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(as[int]("x"))
}
`)
	if want := "2 true false 2\n3 g 4 true k\nrecovered: interface conversion: interface {} is string, not int\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch 3: the body of a generic function's instance is generated where it is
// instantiated. A use in a var declaration (var r = Id(3), var f = Id[string]) left it
// without code: the call returned zero values without running, silently.
func TestPatchGenericInstanceInVarDecl(t *testing.T) {
	if got, want := yaegiStdout(t, `package main

import "fmt"

func Id[T any](x T) T { fmt.Println("in Id"); return x }

func Two[A, B any](a A, b B) B { return b }

func main() {
	var r = Id(3)
	var f = Id[string]
	var g, h = Two[int, bool], 1
	fmt.Println(r, f("f"), g(1, true), h)
}
`), "in Id\nin Id\n3 f true 1\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch 4: a recursive generic type with two type parameters (node[K, V] with
// *node[K, V] fields: yaegi recursed until the process died), and methods of a generic
// type calling a method declared after them (Put calling put: "undefined selector").
func TestPatchGenericRecursiveTypes(t *testing.T) {
	got := cellStdout(t, `import (
	"cmp"
	"fmt"
)

type Tree[K cmp.Ordered, V any] struct {
	root *node[K, V]
	size int
}

type node[K cmp.Ordered, V any] struct {
	key         K
	val         V
	left, right *node[K, V]
}

func (t *Tree[K, V]) Put(k K, v V) { t.root = t.put(t.root, k, v) }

func (t *Tree[K, V]) put(n *node[K, V], k K, v V) *node[K, V] {
	if n == nil {
		t.size++
		return &node[K, V]{key: k, val: v}
	}
	switch {
	case k < n.key:
		n.left = t.put(n.left, k, v)
	case k > n.key:
		n.right = t.put(n.right, k, v)
	default:
		n.val = v
	}
	return n
}

func (t *Tree[K, V]) Keys() []K {
	var out []K
	var walk func(n *node[K, V])
	walk = func(n *node[K, V]) {
		if n != nil {
			walk(n.left)
			out = append(out, n.key)
			walk(n.right)
		}
	}
	walk(t.root)
	return out
}

func main() {
	var t Tree[string, int]
	for i, w := range []string{"m", "c", "x", "a", "c"} {
		t.Put(w, i)
	}
	var u Tree[float64, bool]
	u.Put(2.5, true)
	u.Put(-1, false)
	fmt.Println(t.Keys(), t.size, t.root.left.val, u.Keys())
}
`)
	if want := "[a c m x] 4 4 [-1 2.5]\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch 5: type arguments inferred by unifying each parameter's type with its
// argument's (K and V from *node[K, V] and func(K, V); E from the core type of S ~[]E;
// U from a compiled function strconv.Itoa; an untyped constant gives way to a typed
// argument or a float constant). yaegi bound them in the order of the parameters' parts,
// giving a struct for K. On a bare interpreter: the session makes every instantiation
// explicit.
func TestPatchGenericInference(t *testing.T) {
	if got, want := yaegiStdout(t, `package main

import (
	"fmt"
	"strconv"
)

type node[K int | string, V any] struct {
	key         K
	val         V
	left, right *node[K, V]
}

func insert[K int | string, V any](n *node[K, V], k K, v V) *node[K, V] {
	if n == nil {
		return &node[K, V]{key: k, val: v}
	}
	if k < n.key {
		n.left = insert(n.left, k, v)
	} else {
		n.right = insert(n.right, k, v)
	}
	return n
}

func walk[K int | string, V any](n *node[K, V], f func(K, V)) {
	if n == nil {
		return
	}
	walk(n.left, f)
	f(n.key, n.val)
	walk(n.right, f)
}

func First[S ~[]E, E any](s S) (E, bool) {
	if len(s) == 0 {
		var z E
		return z, false
	}
	return s[0], true
}

func Keys[M ~map[K]V, K comparable, V any](m M) int { return len(m) }

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Max[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Lookup[K comparable, V any](m map[K]V, k K) V { return m[k] }

type Names []string
type Ages map[string]int

func main() {
	var root *node[string, int]
	for i, w := range []string{"m", "c", "x"} {
		root = insert(root, w, i)
	}
	walk(root, func(k string, v int) { fmt.Print(k, v, " ") })
	fmt.Println()
	n, ok := First(Names{"zed", "amy"})
	fmt.Println(n, ok, Keys(Ages{"a": 1, "b": 2}))
	fmt.Println(Map([]int{1, 2}, strconv.Itoa), Map([]string{"a"}, func(s string) int { return len(s) }))
	fmt.Println(Max(3, 2.5), Max(2, 7), Lookup(map[string]float64{"pi": 3.14}, "pi"))
}
`), "c1 m0 x2 \nzed true 2\n[1 2] [1]\n3 7 3.14\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch G6: generic type aliases (Go 1.24): type Entry[V any] = Pair[string, V],
// type Set[T comparable] = map[T]bool. genAST did not bind an alias's type parameters
// and the CFG walked the alias's body with them unbound: nil reflect type, crashes.
func TestPatchGenericAliases(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"sort"
)

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Entry[V any] = Pair[string, V]

type Set[T comparable] = map[T]bool

type List[T any] = []T

func Keys[T comparable](s Set[T]) []T {
	var out []T
	for k := range s {
		out = append(out, k)
	}
	return out
}

func main() {
	e := Entry[int]{"a", 1}
	var p Pair[string, int] = e
	es := []Entry[float64]{{"pi", 3.14}}
	s := Set[string]{"x": true}
	s["y"] = true
	ks := Keys(s)
	sort.Strings(ks)
	var l List[int] = []int{1, 2}
	l = append(l, 3)
	fmt.Println(p.Key, p.Val, es[0].Val, len(s), ks, l)
	fmt.Printf("%T %T %T\n", e, s, l)
}
`)
	if want := "a 1 3.14 2 [x y] [1 2 3]\nmain.Pair[string,int] map[string]bool []int\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch G7: a method declared in a later cell on a generic type that earlier
// cells instantiated. yaegi adds it to the instances made so far, but looked for them on
// the receiver type, which for a pointer receiver is the pointer type (no instances):
// "undefined selector: Reverse". The want is what `go run` prints for the cells as one
// program.
func TestPatchGenericMethodInLaterCell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "fmt"

type Node[T any] struct {
	Val  T
	Next *Node[T]
}

type List[T any] struct {
	Head *Node[T]
	Len  int
}

func (l *List[T]) Prepend(v T) {
	l.Head = &Node[T]{v, l.Head}
	l.Len++
}`)
	mustExec(t, s, `var l List[string]
l.Prepend("b")
l.Prepend("a")
var m List[int]
m.Prepend(1)`)
	mustExec(t, s, `func (l *List[T]) Reverse() {
	var prev *Node[T]
	for n := l.Head; n != nil; {
		next := n.Next
		n.Next = prev
		prev, n = n, next
	}
	l.Head = prev
}

func (l List[T]) First() T { return l.Head.Val }`)
	_, rec := mustExec(t, s, `l.Reverse()
fmt.Println(l.First(), l.Len, m.First())`)
	if got, want := rec.stream("stdout"), "b 2 1\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Generics patch G8: an instance of a generic type first used as a type switch case
// (case Box[int]) was "type not found": only instances made before were looked up.
func TestPatchGenericInstanceInTypeSwitch(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Box[T any] struct{ V T }

func describe(v any) string {
	switch x := v.(type) {
	case Box[int]:
		return fmt.Sprint("int box ", x.V)
	case Box[string]:
		return "string box " + x.V
	}
	return "other"
}

func main() {
	fmt.Println(describe(Box[int]{1}), describe(Box[string]{"s"}), describe(Box[bool]{}))
}
`)
	if want := "int box 1 string box s other\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch G9: a type alias declared in a function (type IntBox = Box[int],
// type Celsius = float64) was left undefined.
func TestPatchLocalTypeAlias(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Box[T any] struct{ V T }

func main() {
	type IntBox = Box[int]
	type Celsius = float64
	b := IntBox{3}
	var c Celsius = 21.5
	fmt.Println(b.V, c)
	fmt.Printf("%T %T\n", b, c)
}
`)
	if want := "3 21.5\nmain.Box[int] float64\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch G10: instances are kept per generic declaration. They were cached by
// name and type arguments only: methods of two generic types with the same name
// (Box[T].Show, List[T].Show) and a generic function Show shared one instance (the
// first made: too many arguments, or silently the other type's body), and a generic
// function or method declared again in a later cell kept running its old instances for
// the type arguments used before (Double(3) gave 6 after Double became x * 3, silently).
// A generic type declared again after it was instantiated is refused: its instances are
// not made again.
func TestPatchGenericInstancesPerDeclaration(t *testing.T) {
	if got, want := cellStdout(t, `import "fmt"

type Box[T any] struct{ V T }

type List[T any] struct{ Items []T }

func (b Box[T]) Show() string { return fmt.Sprint("box ", b.V) }

func (l List[T]) Show() string { return fmt.Sprint("list ", len(l.Items)) }

func Show[T any](v T) string { return fmt.Sprint("func ", v) }

func main() {
	fmt.Println(Box[int]{1}.Show(), List[int]{[]int{1, 2}}.Show(), Show(5))
}
`), "box 1 list 2 func 5\n"; got != want {
		t.Errorf("same-name methods: got %q, want (go run) %q", got, want)
	}
	s := newSession(t)
	mustExec(t, s, `import "fmt"

func Double[T int | float64](x T) T { return x * 2 }

type Box[T any] struct{ V T }

func (b Box[T]) Show() string { return fmt.Sprint("box:", b.V) }`)
	if _, rec := mustExec(t, s, `fmt.Println(Double(3), Box[int]{1}.Show())`); rec.stream("stdout") != "6 box:1\n" {
		t.Fatalf("before the redefinition: %q", rec.stream("stdout"))
	}
	mustExec(t, s, `func Double[T int | float64](x T) T { return x * 3 }

func (b Box[T]) Show() string { return fmt.Sprint("BOX:", b.V) }`)
	if _, rec := mustExec(t, s, `fmt.Println(Double(3), Box[int]{1}.Show(), Double(1.5))`); rec.stream("stdout") != "9 BOX:1 4.5\n" {
		t.Errorf("after the redefinition: got %q, want %q", rec.stream("stdout"), "9 BOX:1 4.5\n")
	}
	mustExec(t, s, `type Box[T any] struct {
	Label string
	V     T
}`)
	_, e, _ := run(t, s, `c := Box[int]{"n", 2}`)
	if e == nil || !strings.Contains(e.Value+strings.Join(e.Traceback, "\n"), "peerbook: a generic type declared again after it was instantiated is not supported in cells: main.Box was declared again after its instance main.Box[int] was made") {
		t.Errorf("a generic type declared again after an instance was made: want the refusal, got %v", e)
	}
}

// Generics patch G11: a field named like a type parameter (type Pair[A, B any]
// struct{ A A; B B }) kept its name in an instance; genAST replaced every identifier
// named A, the field's name and the selector p.A too (a field named "string":
// reflect.StructOf panicked, or keyed literals failed to compile).
func TestPatchGenericFieldNamedLikeParam(t *testing.T) {
	got := cellStdout(t, `import (
	"encoding/json"
	"fmt"
)

type Pair[A, B any] struct {
	A A `+"`"+`json:"a"`+"`"+`
	B B `+"`"+`json:"b"`+"`"+`
}

func (p Pair[A, B]) Swap() Pair[B, A] { return Pair[B, A]{A: p.B, B: p.A} }

type Entry[K comparable, V any] struct {
	K K
	V V
}

func main() {
	p := Pair[string, int]{"a", 1}
	q := p.Swap()
	b, _ := json.Marshal(q)
	fmt.Println(p.A, q.A, q.B, string(b))
	e := Entry[string, []int]{K: "k", V: []int{1}}
	fmt.Println(e.K, len(e.V))
}
`)
	if want := "a 1 a {\"a\":1,\"b\":\"a\"}\nk 1\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Generics patch G12: a method of a generic type whose receiver has no name
// (func (NotEmpty[T]) Validate(v T) error) panicked instantiating it (index out of range).
func TestPatchGenericUnnamedReceiver(t *testing.T) {
	got := cellStdout(t, `import (
	"errors"
	"fmt"
)

type NotEmpty[T comparable] struct{}

func (NotEmpty[T]) Validate(v T) error {
	var zero T
	if v == zero {
		return errors.New("empty")
	}
	return nil
}

type Counter[K comparable] struct{ n map[K]int }

func (*Counter[K]) Kind() string { return "counter" }

func (c *Counter[K]) Add(k K) { c.n[k]++ }

func main() {
	fmt.Println(NotEmpty[string]{}.Validate(""), NotEmpty[int]{}.Validate(3))
	c := &Counter[string]{n: map[string]int{}}
	c.Add("a")
	fmt.Println(c.Kind(), c.n)
}
`)
	if want := "empty <nil>\ncounter map[a:1]\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
