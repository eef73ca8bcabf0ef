package eval

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Tests of the yaegi patches 70 and up and of the rewrites that Go's own test suite
// (TestGoSuite) and yaegi's upstream programs found wanting. Expected output is what
// `go run` prints for the same program.

// Patch 70: a receive stores into its destination in place. It replaced the frame slot
// with the received value: a pointer taken to the variable before `x = <-c` kept seeing
// the old value (status ok), a later store into the slot panicked ("reflect.Value.Set
// using unaddressable value", and so did `return <-c, ""`), and a receive that blocked,
// as the left operand of &&, left its slot unset (`<-c && true` was false).
func TestPatchReceiveStoresInPlace(t *testing.T) {
	src := `package main

import "fmt"

func pair(c chan int) (int, string) {
	return <-c, "s"
}

func main() {
	c := make(chan int, 4)
	c <- 1
	c <- 2
	c <- 3
	x := 0
	p := &x
	x = <-c
	fmt.Println(*p, x)
	x = 5
	fmt.Println(*p, x)
	n, s := pair(c)
	fmt.Println(n, s)
	done := make(chan bool)
	go func() { done <- true }()
	fmt.Println(<-done && true)
	var y int
	q := &y
	y = <-c
	y++
	fmt.Println(*q)
}`
	const want = "1 1\n5 5\n2 s\ntrue\n4\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 71: each operand of a multi-value return is computed into its own result's slot,
// or its own slot and converted. A builtin call was computed into the first result's slot
// whatever its position (`return []int{1}, make([]int, 2)` returned [1] [1], status ok;
// `return "x", len(xs)` panicked in reflect), a call was stored in its position's slot
// when its type was the first result's, and `return g()` with g's results converted to the
// function's (T into an interface) returned g's first result only.
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

func main() {
	xs := []int{1, 2, 3}
	fmt.Println(a(xs))
	fmt.Println(b(xs))
	fmt.Println(c())
	i, err := d()
	fmt.Println(i.M(), err)
	fmt.Println(e())
	fmt.Println(g(xs[:1]))
}`
	const want = "[1] [0 0]\nx 3\n1 7\n4 e\n[0 0 1]\n3 [1 1]\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 72: real and imag of an untyped constant operand, which panicked while compiling
// where the operand was a literal (`return real(2i), ...`).
func TestPatchRealImagOfConstant(t *testing.T) {
	src := `package main

import "fmt"

func parts() (float64, float64) { return real(2i), imag(2i) }

func main() {
	const c = 5 + 6i
	var z float32 = real(c)
	fmt.Println(parts())
	fmt.Println(z, imag(c), real(3+4i))
}`
	const want = "0 2\n5 6 3\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// The rewriter makes a select's receive clause that assigns define instead
// (rewrite.recvAssign): yaegi evaluated the left side before choosing, into a copy
// (`case x.a = <-c:` left x.a unchanged, status ok; `case *f() = <-c1:` called f though
// another case ran). Go evaluates it only for the case chosen.
func TestSelectReceiveAssignsWhenChosen(t *testing.T) {
	got := cellStdout(t, `package main

import "fmt"

type Flag bool

func f() *int {
	fmt.Println("f called")
	return new(int)
}

func main() {
	var x struct{ a int }
	m := map[string]int{}
	arr := [3]int{}
	i := 1
	var ok Flag
	var anyOk any
	c := make(chan int, 4)
	idle := make(chan int)
	c <- 42
	select {
	case *f() = <-idle:
	case x.a = <-c:
	}
	c <- 7
	select {
	case m["k"], ok = <-c:
	}
	c <- 9
	select {
	case arr[i] = <-c:
		i = 2
	}
	close(c)
	select {
	case _, anyOk = <-c:
	}
	select {
	case _ = <-c:
	}
	fmt.Println(x.a, m, ok, arr, i, anyOk)
}`)
	if want := "42 map[k:7] true [0 9 0] 2 false\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The rewriter sends print and println to rt.Print (stderr, the runtime's format) in defer
// and go statements too, and passes operands of interface types as their two words: a
// deferred println wrote as yaegi's builtin (stdout, fmt's format: "[] map[] <nil>"), and a
// nil interface with methods printed "(interp.valueInterface)".
func TestPrintDeferredAndInterfaceOperands(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `package main

type I interface{ f() }

func main() {
	var i I
	var e any
	var m map[int]int
	var sl []int
	println(i, e)
	defer println(m, sl, i)
	defer print("x", 1.5, "\n")
}`)
	if got := rec.stream("stdout"); got != "" {
		t.Errorf("stdout: %q, want nothing", got)
	}
	if got, want := rec.stream("stderr"), "(0x0,0x0) (0x0,0x0)\nx1.5\n0x0 [0/0]0x0 (0x0,0x0)\n"; got != want {
		t.Errorf("stderr: got %q, want %q", got, want)
	}
}

// The rewriter assigns a two-valued expression to destinations of which one is a map
// element through two variables (rewrite.mapIndexTuple): yaegi computed it into its
// destinations' slots, and a map element has none, so `m[k], ok = v.(string)` (and the
// other comma-ok forms, and calls with two results) left the map unchanged, status ok.
// The operands of the left side that could have effects are evaluated first, as in Go.
func TestMapElementFromTwoValues(t *testing.T) {
	got := cellStdout(t, `package main

import (
	"fmt"
	"strconv"
)

type Found bool

func key(s string) string { fmt.Println("key", s); return s }
func val() (int, error)   { fmt.Println("val"); return 1, nil }

func main() {
	m := map[string]int{}
	var err error
	var f Found
	var e any = 2
	m[key("a")], err = val()
	m[key("b")], f = e.(int)
	m["c"], err = strconv.Atoi("3")
	src := map[string]int{"d": 4}
	m["d"], f = src["d"]
	c := make(chan int, 1)
	c <- 5
	m["e"], _ = <-c
	fmt.Println(m, err, f)
}`)
	if want := "key a\nval\nkey b\nmap[a:1 b:2 c:3 d:4 e:5] <nil> true\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
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

// A var declaration whose initializer reads another variable of the cell runs as a
// statement, its variable the session's; the cell's check declared it in the function
// that holds the statements, where the cell's functions don't see it: main reading it was
// "undefined", so the rewriter did without types in main (a pasted program's println of
// an interface printed the interpreter's wrapper) or failed ("note: rewrite: internal
// error"). The check now declares such a variable at package level too.
func TestVarRunAsStatementIsSeenByFunctions(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `package main

import "fmt"

type Suite struct{ Tests []int }

var all = []Suite{first}
var first = Suite{Tests: []int{1, 2}}

type Shape interface{ Area() int }

var shapes = []Shape{nil}
var none = shapes[0]

func main() {
	if &all[0].Tests[0] != &first.Tests[0] {
		panic("copied")
	}
	fmt.Println(len(all), len(first.Tests))
	println(none)
}`)
	if got, want := rec.stream("stdout"), "1 2\n"; got != want {
		t.Errorf("stdout: got %q, want %q", got, want)
	}
	if got, want := rec.stream("stderr"), "(0x0,0x0)\n"; got != want {
		t.Errorf("stderr: got %q, want %q (no note of the rewriter)", got, want)
	}
}

// Patch 74 and the rewriter's reprKey: a recursive type whose resolution does not close
// ended the evaluator with a stack overflow (fatal, no recover), where go run runs the
// program. Mutually recursive generic types (Go's test/typeparam/cons.go, list2.go)
// recursed in yaegi's nodeType/genType; `type T2 T1` with T1 struct{ Next *T2 }
// (fixedbugs/bug336.go) in the rewriter's run-time representation of types. The first
// now fails the cell, naming the limit; the second gets past the rewriter (yaegi then
// fails it, loudly). The cells run in a child process: a regression would kill the test
// binary.
func TestPatchRecursiveTypeResolutionIsBounded(t *testing.T) {
	const env = "PEERBOOK_TEST_RECURSIVE_TYPES"
	if os.Getenv(env) != "" {
		s := newSession(t)
		for _, code := range []string{recursiveGenerics, recursiveNamed} {
			_, e, rec := run(t, s, code)
			out := "ok"
			if e != nil {
				out = e.Name + ": " + e.Value
			}
			os.Stdout.WriteString(strings.ReplaceAll(out, "\n", " ") + "|" + rec.stream("stdout") + "\n")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPatchRecursiveTypeResolutionIsBounded$")
	cmd.Env = append(os.Environ(), env+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the child died: %v\n%s", err, lastOf(string(out), 600))
	}
	lines := strings.Split(string(out), "\n")
	if len(lines) < 2 || !strings.Contains(lines[0], "type resolution nested over 10000 levels") {
		t.Errorf("mutually recursive generic types: want the cell refused naming the limit, got %q", lines[0])
	}
	if len(lines) < 2 || lines[1] == "" {
		t.Errorf("type T2 T1 with T1 struct{ Next *T2 }: the child reported nothing after it: %q", out)
	}
}

func lastOf(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

const recursiveGenerics = `package main

import "fmt"

type List[a any] interface {
	Match(casenil Nil[a], casecons Cons[a]) bool
}

type Nil[a any] struct{}

func (xs Nil[a]) Match(casenil Nil[a], casecons Cons[a]) bool { return true }

type Cons[a any] struct {
	Head a
	Tail List[a]
}

func (xs Cons[a]) Match(casenil Nil[a], casecons Cons[a]) bool { return false }

func main() {
	var xs List[int] = Cons[int]{3, Nil[int]{}}
	fmt.Println(xs.Match(Nil[int]{}, Cons[int]{}))
}`

const recursiveNamed = `import "fmt"

type T1 struct{ Next *T2 }

type T2 T1

var t1 = T1{Next: &T2{}}
fmt.Println(t1.Next.Next == nil)`
