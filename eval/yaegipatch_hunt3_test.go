package eval

import (
	"io"
	"strings"
	"testing"

	stdlib "github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// Tests of the yaegi patches found by the hunter3 branch's corpus programs
// (eval/third_party/yaegi/PATCHES.md, from 42), each on a bare interpreter (yaegiStdout)
// with the expected output taken from go run.

// Patch 42: a case of a switch without a tag lists several conditions (case a, b: runs
// when any of them is true). Only the first was evaluated, the others were dropped:
// `case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':` did not match 'Z'.
func TestPatchTaglessSwitchCaseList(t *testing.T) {
	src := `package main

import "fmt"

func c2(r rune) string {
	switch {
	case r == 'a', r == 'Z', r == '!':
		return "listed"
	}
	return "other"
}

func d(x int) string {
	switch {
	default:
		return "default"
	case x < 0, x > 10:
		return "out"
	case x == 5:
		return "five"
	}
}

func main() {
	fmt.Println(c2('a'), c2('Z'), c2('!'), c2('1'))
	fmt.Println(d(-1), d(11), d(5), d(3))
	n := 0
	f := func(b bool) bool { n++; return b }
	switch {
	case f(false), f(true), f(true):
		fmt.Println("hit", n)
	}
	x := 5
	switch {
	case x < 0, x > 3:
		fmt.Println("out")
		fallthrough
	case x == 100, x == 200:
		fmt.Println("fell")
	default:
		fmt.Println("in")
	}
}`
	want := "listed listed listed other\nout out five default\nhit 2\nout\nfell\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 43: the expressions of a case list in a switch with a tag are evaluated left to
// right until one matches. Only the first was in the control flow: a later call or
// index expression was never evaluated and its zero value compared instead, so
// `case 1, id(2):` did not match 2, with status ok. Evaluation stops at the first match,
// as in Go: xs[9] after a matching xs[0] does not panic.
func TestPatchTaggedSwitchCaseListEvaluated(t *testing.T) {
	src := `package main

import "fmt"

func id(n int) int { return n }

func main() {
	calls := 0
	f := func(n int) int { calls++; return n }
	x := 2
	switch x {
	case f(1), f(2), f(3):
		fmt.Println("A matched after", calls)
	}
	switch x {
	case 1, id(2):
		fmt.Println("B matched")
	}
	switch x {
	case id(3), id(4):
		fmt.Println("C wrong")
	default:
		fmt.Println("C default")
	}
	s := "go"
	switch s + "!" {
	case "rust!", s + "?", s + "!":
		fmt.Println("D matched")
	}
	var v any = 7
	switch v {
	case "7", id(7):
		fmt.Println("E matched")
	}
	xs := []int{5, 6}
	switch 6 {
	case xs[0], xs[1]:
		fmt.Println("F matched")
		fallthrough
	case id(100), id(200):
		fmt.Println("G fell")
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		switch 5 {
		case xs[0], xs[9]:
			fmt.Println("H matched first, xs[9] not evaluated")
		}
		switch 1 {
		case xs[0], xs[9]:
			fmt.Println("unreached")
		}
	}()
}`
	want := "A matched after 2\nB matched\nC default\nD matched\nE matched\nF matched\nG fell\nH matched first, xs[9] not evaluated\nrecovered: runtime error: index out of range [9] with length 2\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 45: a multiple assignment or definition with a composite literal, a call or a
// receive among its values assigns all of them. The frame-slot optimizations of those
// values skipped the statement's code, which assigned the others: `q, r := pt{5}, 1`
// and `h, k = two(), 3` left r and k at zero, with status ok.
func TestPatchMultiAssignKeepsEveryValue(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
)

type pt struct{ X int }

func two() int { return 2 }

func main() {
	q, r := pt{5}, 1
	fmt.Println(q, r)
	a, b := 1, pt{6}
	fmt.Println(a, b)
	c, d := []int{1}, two()
	fmt.Println(c, d)
	var e, g = pt{7}, "x"
	fmt.Println(e, g)
	var h, k int
	h, k = two(), 3
	fmt.Println(h, k)
	ch := make(chan int, 3)
	ch <- 9
	ch <- 10
	ch <- 11
	m, n := <-ch, 4
	fmt.Println(m, n)
	m, n = <-ch, <-ch
	fmt.Println(m, n)
	s, u := two(), pt{8}
	fmt.Println(s, u)
	name, age := strings.TrimSpace("  ada "), 36
	fmt.Println(name, age)
	x, y := 1, 2
	x, y = y, two()+x
	fmt.Println(x, y)
	p := &pt{1}
	p.X, y = 40, two()
	fmt.Println(p.X, y)
	mp := map[string]int{}
	mp["a"], y = two(), 0
	fmt.Println(mp, y)
}`
	want := "{5} 1\n1 {6}\n[1] 2\n{7} x\n2 3\n9 4\n10 11\n2 {8}\nada 36\n2 3\n40 2\nmap[a:2] 0\n"
	if got := yaegiStdout(t, src); got != want {
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

// yaegiCompileError compiles src on a bare interpreter and returns its error.
func yaegiCompileError(src string) error {
	i := interp.New(interp.Options{Stdout: io.Discard, Stderr: io.Discard})
	if err := i.Use(stdlib.Symbols); err != nil {
		return err
	}
	_, err := i.Compile(src)
	return err
}

// Patch 46: a panic raised by a deferred call, while the function panics or not, goes to
// the function's other deferred calls, as in Go: it escaped them, so the recover() of
// an outer deferred function never saw it and the program died with "panic: second".
func TestPatchPanicInDeferredCall(t *testing.T) {
	src := `package main

import "fmt"

func a() {
	defer func() { fmt.Println("A outer", recover()) }()
	defer func() { panic("second") }()
	panic("first")
}

func b() {
	defer func() { fmt.Println("B outer", recover()) }()
	defer func() {
		r := recover()
		panic(fmt.Sprint("second ", r))
	}()
	panic("first")
}

func c() {
	defer func() { fmt.Println("C outer", recover()) }()
	defer func() {
		panic(fmt.Sprint("second ", recover()))
	}()
	panic("first")
}

func d() {
	defer func() { fmt.Println("D outer", recover()) }()
	defer fmt.Println("D middle runs")
	defer func() { panic("again") }()
	fmt.Println("D body")
}

func e() (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("E recovered ", r)
		}
	}()
	func() {
		defer func() {
			if r := recover(); r != nil {
				panic(fmt.Sprintf("wrapped(%v)", r))
			}
		}()
		panic("inner")
	}()
	return "E not reached"
}

func main() {
	a()
	b()
	c()
	d()
	fmt.Println(e())
}`
	want := "A outer second\nB outer second first\nC outer second first\nD body\nD middle runs\nD outer again\nE recovered wrapped(inner)\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 47: a multiple assignment with an untyped nil among its values (n, err = 0, nil)
// panicked with "reflect: New(nil)": the value held while the others are evaluated had
// the nil's type, which is none.
func TestPatchMultiAssignNil(t *testing.T) {
	src := `package main

import (
	"errors"
	"fmt"
)

type node struct{ next *node }

func main() {
	x := 5
	var p *int
	var m map[string]int
	var e error
	var s []int
	var a any
	var fn func()
	p, m, e, s, a, fn = &x, nil, errors.New("set"), nil, 3, nil
	fmt.Println(*p, m == nil, e, s == nil, a, fn == nil)
	p, e, a = nil, nil, nil
	fmt.Println(p == nil, e == nil, a == nil)
	n, err := 1, errors.New("first")
	k, err := 2, error(nil)
	fmt.Println(n, k, err)
	head := &node{}
	head.next, p = nil, &x
	fmt.Println(head.next == nil, *p)
	cache := map[string]*node{"a": head}
	cache["a"], e = nil, fmt.Errorf("cleared")
	fmt.Println(cache["a"] == nil, len(cache), e)
	var res []string
	res, err = nil, nil
	fmt.Println(res == nil, err == nil)
}`
	want := "5 true set true 3 true\ntrue true true\n1 2 <nil>\ntrue 5\ntrue 1 cleared\ntrue true\n"
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

// Patch 49: evaluating a method value with a value receiver reads the receiver, as Go
// does: through a nil pointer (embedded or not) it panics with the nil dereference at
// once; it bound a nil receiver and went on. Pointer receivers bind the nil pointer.
func TestPatchMethodValueNilReceiver(t *testing.T) {
	src := `package main

import "fmt"

type T struct{ n int }

func (t T) Get() int   { return t.n }
func (t *T) Ptr() bool { return t == nil }

type W struct{ *T }

func try(name string, f func()) {
	defer func() {
		r := recover()
		fmt.Println(name, "panicked:", r != nil, r)
	}()
	f()
}

func main() {
	var w W
	try("embedded value method", func() { g := w.Get; _ = g })
	try("embedded pointer method", func() { p := w.Ptr; fmt.Println("bound, nil receiver:", p()) })
	var tp *T
	try("nil pointer value method", func() { g := tp.Get; _ = g })
	try("nil pointer pointer method", func() { p := tp.Ptr; fmt.Println(p()) })
	w.T = &T{5}
	g := w.Get
	w.T.n = 6
	fmt.Println(g(), w.Get())
}`
	want := "embedded value method panicked: true runtime error: invalid memory address or nil pointer dereference\nbound, nil receiver: true\nembedded pointer method panicked: false <nil>\nnil pointer value method panicked: true runtime error: invalid memory address or nil pointer dereference\ntrue\nnil pointer pointer method panicked: false <nil>\n5 6\n"
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

// Patch 51: a receive clause of a select that defines its variables (case s := <-ch)
// makes new ones each time it runs: pointers and closures taken in earlier loop
// iterations all saw the last value ("b b" for "a b"). One that assigns (case last =
// <-ch) stores into the variable it names: it defined a new one (the named one kept its
// value, silently), and without a body it had no direction (reflect.Select panicked).
func TestPatchSelectCaseFreshVariables(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	ch := make(chan string, 2)
	ch <- "a"
	ch <- "b"
	var ps []*string
	var fs []func() string
	for i := 0; i < 2; i++ {
		select {
		case s := <-ch:
			ps = append(ps, &s)
			fs = append(fs, func() string { return s })
		}
	}
	fmt.Println(*ps[0], *ps[1], fs[0](), fs[1]())
	nums := make(chan int, 2)
	nums <- 4
	close(nums)
	var oks []*bool
	for i := 0; i < 2; i++ {
		select {
		case n, ok := <-nums:
			oks = append(oks, &ok)
			fmt.Println(n, ok)
		}
	}
	fmt.Println(*oks[0], *oks[1])
	var last string
	ch <- "c"
	select {
	case last = <-ch:
	}
	fmt.Println(last)
	ch <- "d"
	select {
	case last = <-ch:
		fmt.Println("got", last)
	}
	fmt.Println(last)
}`
	want := "a b a b\n4 true\n0 false\ntrue false\nc\ngot d\nd\n"
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
