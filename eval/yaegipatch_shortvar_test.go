package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches about short variable declarations and the variables that
// receive a call's or a comma-ok form's results (eval/third_party/yaegi/PATCHES.md): :=
// naming a variable of the block again, the blank identifier, fresh variables per loop
// iteration, zero values for a missing map key, results stored into interface
// variables. Expected outputs are what `go run` prints for the same programs.

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

// Patch 44: a short variable declaration in a function follows Go's rules for the names
// of its block. One that names a variable of the block again with a new one (x, y :=
// 2, 3) assigns that variable: it made a new one, so closures and pointers that held x
// kept the old value, `fl, n := 2, 7` turned a float64 fl into an int, and `a, b :=
// 20, a` read the new a. One without a new variable, a name listed twice, and a var
// declaration of a name of the block are compile errors, as in Go (they ran, the later
// declaration hiding the earlier). A call's result of another type than the variable's
// (an interface it implements) is refused: yaegi cannot store it there.
func TestPatchShortVarRedeclaration(t *testing.T) {
	src := `package main

import (
	"errors"
	"fmt"
	"strconv"
)

type shape interface{}

func parse(a, b string) (sum int, err error) {
	x, err := strconv.Atoi(a)
	if err != nil {
		return 0, err
	}
	check := func() error { return err }
	y, err := strconv.Atoi(b)
	fmt.Println("closure sees the same err:", check() == err, check() != nil)
	return x + y, err
}

func main() {
	x := 1
	f := func() int { return x }
	p := &x
	x, y := 2, 3
	fmt.Println(f(), x, y, *p)

	var fl float64 = 0.5
	fl, n := 2, 7
	fmt.Printf("%v %T %v\n", fl, fl, n)

	a := 10
	a, b := 20, a
	fmt.Println(a, b)

	type pt struct{ X int }
	q := pt{1}
	keep := &q
	q, r := pt{5}, 1
	fmt.Println(keep.X, q.X, r)

	fmt.Println(parse("1", "2"))
	fmt.Println(parse("1", "z"))

	for i := 0; i < 2; i++ {
		i := i * 10
		fmt.Print(i, " ")
	}
	fmt.Println()
	var s any = 3
	switch v := s.(type) {
	case int:
		w := v + 1
		fmt.Println("int", w)
	}
	total := 0
loop:
	for _, v := range []int{1, 2, 3} {
		if v == 3 {
			break loop
		}
		total += v
	}
	loop := "label and var"
	fmt.Println(total, loop)
	err := errors.New("outer")
	if v, err := strconv.Atoi("x"); err != nil {
		fmt.Println("inner err", v, err != nil)
	}
	fmt.Println(err)
	m := map[string]int{"k": 1}
	val, ok := m["k"]
	val2, ok := m["z"]
	fmt.Println(val, val2, ok)
	ch := make(chan int, 1)
	ch <- 4
	got, ok := <-ch
	fmt.Println(got, ok)
	var iface any = "s"
	str, ok := iface.(string)
	fmt.Println(str, ok)
	_ = shape(nil)
}`
	want := "2 2 3 2\n2 float64 7\n20 10\n5 5 1\nclosure sees the same err: true false\n3 <nil>\nclosure sees the same err: true true\n1 strconv.Atoi: parsing \"z\": invalid syntax\n0 10 \nint 4\n3 label and var\ninner err 0 true\nouter\n1 0 false\n4 true\ns true\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	for body, msg := range map[string]string{
		"x := 1; x := 2; _ = x":                 "no new variables on left side of :=",
		"x := 1; x, _ := 2, 3; _ = x":           "no new variables on left side of :=",
		"x := 1; var x = 2; _ = x":              "x redeclared in this block",
		"const c = 1; c, d := 2, 3; _ = d":      "cannot assign to c",
		"x, x := 1, 2; _ = x":                   "x repeated on left side of :=",
		"var a, a = 1, 2; _ = a":                "a redeclared in this block",
		"type T int; var T = 1; _ = T":          "T redeclared in this block",
		"a, e := f(); a, e := f(); _, _ = a, e": "no new variables on left side of :=",
		"x := 1; x, y := \"s\", 2; _, _ = x, y": "cannot",
		"x := \"s\"; x, e := f(); _, _ = x, e":  "cannot use int value as string value",
		"var e error; a, e := g(); _, _ = a, e": "peerbook: := storing a *main.myErr result in e, a error declared before in the block, is not supported in cells",
	} {
		prog := "package main\n\ntype myErr struct{}\n\nfunc (*myErr) Error() string { return \"\" }\n\nfunc f() (int, error) { return 1, nil }\n\nfunc g() (int, *myErr) { return 0, nil }\n\nfunc main() {\n\t" + body + "\n}\n"
		if err := yaegiCompileError(prog); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: error %v, want one with %q", body, err, msg)
		}
	}
}

// Patch 52 with patch 44: := naming again a variable of an interface type declared in a
// cell (or any) stores the call's result in it, boxed, as Go does.
func TestPatchShortVarRedeclareInterface(t *testing.T) {
	src := `package main

import "fmt"

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64 { return s.S * s.S }

func mk(n float64) (Sq, error) { return Sq{n}, nil }

func main() {
	var s Shape = Sq{1}
	keep := &s
	s, err := mk(3)
	fmt.Println(s.Area(), (*keep).Area(), err)
	var a any = "x"
	a, n := mk(2)
	fmt.Println(a.(Shape).Area(), n)
}`
	want := "9 9 <nil>\n4 <nil>\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 52: a call's concrete result assigned to an existing variable of an interface
// type of the interpreter (var s Shape; s, err = mk()) is boxed with its type, as an
// assignment does: it panicked in reflect.Set, and in an any the value lost its methods
// (a.(Shape) panicked).
func TestPatchCallResultIntoInterfaceVar(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strconv"
)

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64 { return s.S * s.S }

func mk(n float64) (Sq, error) { return Sq{n}, nil }
func num() (int, error)         { return 7, nil }

func main() {
	var v any
	var err error
	v, err = strconv.Atoi("3")
	fmt.Println(v, err)
	v, err = num()
	fmt.Println(v, err)
	var s Shape
	s, err = mk(3)
	fmt.Println(s.Area(), err)
	var a any
	a, err = mk(2)
	fmt.Println(a.(Shape).Area(), a.(Sq).S)
	shapes := []Shape{}
	for i := 1; i <= 3; i++ {
		s, err = mk(float64(i))
		shapes = append(shapes, s)
	}
	for _, sh := range shapes {
		fmt.Print(sh.Area(), " ")
	}
	fmt.Println()
}`
	want := "3 <nil>\n7 <nil>\n9 <nil>\n4 2\n1 4 9 \n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 48: v, ok := m[k] (or =) for a missing key stores the zero value of the
// elements: the destination kept what it held, so in a loop a missing key showed the
// previous iteration's value with ok false. A value stored in an interface of the
// interpreter (sh, ok = shapes[k]) is boxed with its type; it panicked in reflect.Set.
func TestPatchMapCommaOkZero(t *testing.T) {
	src := `package main

import "fmt"

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64 { return s.S * s.S }

func main() {
	m := map[string]int{"a": 1}
	for _, k := range []string{"a", "zz", "a", "yy"} {
		v, ok := m[k]
		fmt.Print(v, ok, " ")
	}
	fmt.Println()
	var w int
	w, _ = m["a"]
	w, _ = m["zz"]
	var any1 any = "old"
	any1, _ = m["zz"]
	fmt.Printf("%v %v %T\n", w, any1, any1)
	names := map[int][]string{1: {"x"}}
	for _, k := range []int{1, 2} {
		list, found := names[k]
		fmt.Print(list, len(list), found, " ")
	}
	fmt.Println()
	shapes := map[string]Sq{"s": {2}}
	var sh Shape
	var ok bool
	sh, ok = shapes["s"]
	fmt.Println(sh.Area(), ok)
	sh, ok = shapes["none"]
	fmt.Println(sh.Area(), ok)
	var held any
	held, ok = shapes["s"]
	if s, isShape := held.(Shape); isShape {
		fmt.Println("held shape", s.Area(), ok)
	}
	fmt.Println(held.(Sq).S)
}`
	want := "1 true 0 false 1 true 0 false \n0 0 int\n[x] 1 true [] 0 false \n4 true\n0 false\nheld shape 4 true\n2\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 50: a comma-ok form (m[k], x.(T), <-ch) in a short variable declaration makes
// new variables each time it runs, as a call does: closures and pointers taken in
// earlier loop iterations all saw the last value (3 3 3 for 1 2 3).
func TestPatchCommaOkFreshVariables(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	var fs []func() int
	for _, k := range []string{"a", "b", "c"} {
		v, ok := m[k]
		if ok {
			fs = append(fs, func() int { return v })
		}
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var gs []func() string
	for _, x := range []any{"x", "y"} {
		s, ok := x.(string)
		if ok {
			gs = append(gs, func() string { return s })
		}
	}
	for _, g := range gs {
		fmt.Print(g(), " ")
	}
	fmt.Println()
	ch := make(chan int, 3)
	ch <- 7
	ch <- 8
	var hs []*int
	for i := 0; i < 2; i++ {
		v, ok := <-ch
		if ok {
			hs = append(hs, &v)
		}
	}
	fmt.Println(*hs[0], *hs[1])
	var ps []*int
	for _, k := range []string{"a", "b"} {
		if v, ok := m[k]; ok {
			ps = append(ps, &v)
		}
	}
	fmt.Println(*ps[0], *ps[1])
	var qs []func() int
	for i := 0; i < 3; i++ {
		if d := i * 10; d >= 0 {
			qs = append(qs, func() int { return d })
		}
		switch e := i + 100; {
		case e > 0:
			qs = append(qs, func() int { return e })
		}
	}
	for _, q := range qs {
		fmt.Print(q(), " ")
	}
	fmt.Println()
}`
	want := "1 2 3 \nx y \n7 8\n1 2\n0 100 10 101 20 102 \n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 55: a blank identifier on the left of := is never a variable redeclared. After
// `y, _ := g()` (g returning a bool second), `a, b, _ := h()` (h returning an error
// third) failed with "cannot use error value as bool value in assignment": the "_"
// symbol the first left was taken for a variable of the block (patch 44's check).
func TestPatchBlankNotRedeclared(t *testing.T) {
	const body = `
import (
	"fmt"
	"net"
)

func g() (string, bool)           { return "x", true }
func h() (string, string, error) { return "a", "b", nil }

func main() {
	y, _ := g()
	a, b, _ := h()
	host, port, _ := net.SplitHostPort("example.com:80")
	_, n, _ := h()
	fmt.Println(y, a, b, host, port, n)
}
`
	const want = "x a b example.com 80 b\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 55: the blank identifier of a short variable declaration is never a variable
// of the block. A range's blank key is a symbol of the loop's scope, and
// `name, arg, _ := strings.Cut(rule, "=")` in the body took `_` for a variable of the
// block of the key's type: "cannot use bool value as int value in assignment".
func TestPatchBlankNotRedeclaredInRange(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strconv"
	"strings"
)

func main() {
	rules := []string{"min=3", "max", "len=x"}
	for _, rule := range rules {
		name, arg, _ := strings.Cut(rule, "=")
		n, err := strconv.Atoi(arg)
		fmt.Println(name, arg, n, err != nil)
	}
	for _, _ = range rules {
		k, v, _ := strings.Cut("a:b", ":")
		fmt.Print(k, v, " ")
	}
	fmt.Println()
	for i, _ := range rules {
		a, b, _ := strings.Cut(rules[i], "=")
		fmt.Print(a, b, ";")
	}
	fmt.Println()
}`
	want := "min 3 3 false\nmax  0 true\nlen x 0 true\nab ab ab \nmin3;max;lenx;\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}
