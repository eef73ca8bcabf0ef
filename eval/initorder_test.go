package eval

import "testing"

// A whole program pasted in a cell initialises its package variables in Go's order (a
// variable after those its initializer reads, also through the functions it calls), then
// runs its init functions in order, then main. Before: "undefined: build" after "init 2"
// had run (a var read through a function declared later, when another var was computed
// from a var), and main ran before an init that read such a variable, with status ok.
// Expected output from go run (Go 1.26.8).
func TestInitOrderOfAPastedProgram(t *testing.T) {
	got := cellStdout(t, `package main

import "fmt"

func init() {
	fmt.Println("init 1", count, report)
}

var report = build()

var names = []string{"a", "b"}
var count = len(names)

func build() string { return fmt.Sprint("count=", count) }

func init() {
	fmt.Println("init 2")
}

func main() {
	fmt.Println("main", report)
}
`)
	if want := "init 1 2 count=2\ninit 2\nmain count=2\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// A package-level var initialised by a call of a generic function of the cell runs as a
// statement: yaegi cannot type it at package level (before: "constant definition loop",
// which the session reported as some later name being undefined). Expected output from go
// run (Go 1.26.8).
func TestPackageVarFromGenericCall(t *testing.T) {
	got := cellStdout(t, `package main

import "fmt"

var total = Sum([]float64{1.5, 2.5})

var count = Sum([]int{1, 2, 3}) + len(names)

var names = []string{"a"}

func Sum[T int | float64](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func main() {
	fmt.Println(total, count)
}
`)
	if want := "4 7\n"; got != want {
		t.Errorf("got %q, want %q (go run)", got, want)
	}
}

// The variables of a grouped var declaration are initialised one by one in Go's order, and
// a variable whose initializer may have an effect runs after the variables before it in
// that order that run as statements (Go's test/fixedbugs/issue22326.go). Before: the
// group was one item in the order written (references between its specs were not seen),
// and the variables that read nothing of the cell ran first: "abcd_" where Go prints
// "abc_d". Expected output from go run (Go 1.26.8).
func TestInitOrderOfAVarGroup(t *testing.T) {
	got := cellStdout(t, `package main

import "fmt"

var (
	_ = d
	_ = f("_", c, b)
	a = f("a")
	b = f("b")
	c = f("c")
	d = f("d")
)

func f(s string, rest ...int) int {
	fmt.Print(s)
	return 0
}

var (
	total = trace("total", x+y)
	x     = trace("x", 1)
	y     = trace("y", 2)
)

func trace(s string, v int) int { fmt.Print(" ", s); return v }

func main() {
	fmt.Println("", total)
}
`)
	if want := "abc_d x y total 3\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}
