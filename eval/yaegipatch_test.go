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
