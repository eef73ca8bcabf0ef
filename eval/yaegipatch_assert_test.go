package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches about type assertions and conversions to interfaces
// (eval/third_party/yaegi/PATCHES.md): nil interfaces asserted, compiled values
// asserted to interfaces of the interpreter and back, values of cell types keeping
// their methods through calls and compiled interfaces, comma-ok assertions giving the
// zero value, and a conversion to an interface copying its value. Interface equality is
// yaegipatch_ifaceeq_test.go's. Expected outputs are what `go run` prints for the same
// programs.

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

// Patch 22: a value held in an empty interface asserted to an interface of the
// interpreter gives the held value (reflect.Set panicked on the result); with the
// session's rewrite, methods promoted from embedded cell types count.
func TestPatchAnyToInterfaceOfInterpreter(t *testing.T) {
	src := `import "fmt"

type Named struct{ Name string }

func (n Named) Hello() string { return "hello from " + n.Name }

type Service struct {
	Named
	calls int
}

type H interface{ Hello() string }

func main() {
	for _, x := range []any{Named{"a"}, &Service{Named: Named{"b"}}, Service{Named: Named{"c"}}, 3} {
		h, ok := x.(H)
		l, ok2 := x.(interface{ Hello() string })
		if ok && ok2 {
			fmt.Println(h.Hello(), l.Hello())
		} else {
			fmt.Println(ok, ok2)
		}
	}
}`
	want := "hello from a hello from a\nhello from b hello from b\nhello from c hello from c\nfalse false\n"
	if got := cellStdout(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Patch 31: an assertion to a struct that gets interface methods from an embedded
// interface field compiles (it was "impossible type assertion"), and a failed comma-ok
// assertion gives the zero value (the destination kept the previous iteration's value).
func TestPatchCommaOkAssertZero(t *testing.T) {
	src := `package main

import "fmt"

type Shape interface{ Area() float64 }

type Rect struct{ W, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }

type Labeled struct {
	Shape
	Label string
}

func main() {
	for _, s := range []Shape{Labeled{Rect{1, 2}, "x"}, Rect{3, 4}} {
		l, ok := s.(Labeled)
		r, isRect := s.(Rect)
		fmt.Println(ok, l.Label, isRect, r.W, s.Area())
	}
	for _, v := range []any{Rect{5, 1}, "text", Labeled{Label: "y"}} {
		r, ok := v.(Rect)
		st, isStr := v.(fmt.Stringer)
		fmt.Println(ok, r, isStr, st == nil)
	}
}`
	want := "true x false 0 2\nfalse  true 3 12\ntrue {5 1} false true\nfalse {0 0} false true\nfalse {0 0} false true\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 31, without a status variable: v, _ := x.(T) in a loop.
func TestPatchCommaOkAssertZeroBlankStatus(t *testing.T) {
	src := `package main

import "fmt"

type A struct{ Name string }

func main() {
	for _, s := range []any{A{"x"}, 3, A{"y"}, "z"} {
		a, _ := s.(A)
		n, _ := s.(int)
		fmt.Printf("%q %d\n", a.Name, n)
	}
}`
	want := "\"x\" 0\n\"\" 3\n\"y\" 0\n\"\" 0\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 34: a value of type any asserted to an interface literal with methods
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

// Patch 40: the nil of an interface type of the interpreter held in an any (var s Shape;
// var a any = s) fails a type assertion to a concrete type, to error and to fmt.Stringer,
// and panics for a single-valued one, where reflect panicked ("call of reflect.Value.Type
// on zero Value", nil dereference) on every form.
func TestPatchNilInterfaceAssert(t *testing.T) {
	src := `package main

import "fmt"

type Shape interface{ Area() float64 }

func main() {
	var s Shape
	var a any = s
	_, isInt := a.(int)
	_, isErr := a.(error)
	_, isStr := a.(fmt.Stringer)
	_, isShape := a.(Shape)
	fmt.Println(isInt, isErr, isStr, isShape, a == nil)
	defer func() { fmt.Println("recovered:", recover() != nil) }()
	_ = a.(error)
}`
	want := "false false false false true\nrecovered: true\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 41: converting a value of a type with methods to an interface copies it, as Go
// does: appended in a loop to a []Scored, a []any or a map, or to a []fmt.Stringer (a
// compiled interface), every element was the variable's storage, so all of them showed
// the last iteration's value, and an element converted from players[i] followed later
// changes of players[i].
func TestPatchInterfaceConversionCopies(t *testing.T) {
	checkCorpusProgramBare(t, "h2_iface_copy_loop")
}
