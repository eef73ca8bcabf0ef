package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches about assignments (eval/third_party/yaegi/PATCHES.md):
// what a destination receives (an operation's result boxed into an interface, a
// composite literal stored into the variable, every value of a multiple assignment, an
// untyped nil) and the order Go evaluates them in (the values before the destinations'
// stores, map keys and index operands read first, append's arguments read before it
// stores). Expected outputs are what `go run` prints for the same programs.

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

// Patch 27: an operation assigned to the blank identifier (_ = n / zero) compiles (the
// CFG crashed on the blank destination's missing type) and still panics at run time.
func TestPatchOperationToBlank(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	zero, n := 0, 7
	_ = n * 2
	_ = n << 1
	defer func() { fmt.Println("recovered:", recover()) }()
	_ = n / zero
	fmt.Println("not reached")
}`
	want := "recovered: runtime error: integer divide by zero\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 29: a composite literal assigned to an existing variable stores into it: a
// closure or a pointer holding the variable sees the new value and later changes (they
// kept the old storage, silently); := still makes new storage per iteration.
func TestPatchCompositeLiteralAssign(t *testing.T) {
	src := `package main

import "fmt"

type pt struct{ x int }

func mk(x int) pt { return pt{x} }

func main() {
	var b pt
	get := func() pt { return b }
	p := &b
	b = pt{6}
	fmt.Println(get().x, p.x)
	b.x = 7
	fmt.Println(get().x, p.x)
	b = mk(8)
	fmt.Println(get().x, p.x)
	var list []*pt
	for i := 0; i < 3; i++ {
		v := pt{i}
		list = append(list, &v)
	}
	fmt.Println(list[0].x, list[1].x, list[2].x)
	var q = pt{1}
	qp := &q
	q = pt{2}
	fmt.Println(qp.x)
	m := map[string]int{}
	gm := func() int { return len(m) }
	m = map[string]int{"a": 1}
	s := []int{}
	gs := func() int { return len(s) }
	s = []int{1, 2}
	fmt.Println(gm(), gs())
}`
	want := "6 6\n7 7\n8 8\n0 1 2\n2\n1 2\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
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

// Patch 89: a multiple assignment reads the maps and keys of the map entries on its left
// before it stores anything: i, m[i] = 1, 2 stored into m[1] (the key read after i was
// set), and cur, cur["k"] = other, 3 into the new map, status ok. Found by Go's
// test/fixedbugs/issue4620.go.
func TestPatchMultipleAssignmentReadsMapKeysFirst(t *testing.T) {
	checkCorpusProgramBare(t, "gs_multi_assign_map_keys")
	checkCorpusProgram(t, "gs_multi_assign_map_keys")
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

// Patch 110: the destination of an assignment (an element of a slice or array, a
// pointer's target, a field) was evaluated before the right-hand side: an index out of
// range or a nil pointer panicked before the value's calls ran, and `s[i] = f()` stored
// at the i from before f changed it.
func TestPatchAssignmentEvaluatesValueFirst(t *testing.T) {
	got := cellStdout(t, `import "fmt"

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover()) }()
	f()
}

func rhs(s string) int {
	fmt.Println("rhs", s)
	return 1
}

func two() (int, int) {
	fmt.Println("rhs two")
	return 1, 2
}

func main() {
	s := []int{1, 2}
	i := 0
	s[i] = func() int { i = 1; return 9 }()
	fmt.Println(s, i)
	s2 := []int{1, 2}
	t := s2
	s2[0] = func() int { s2 = []int{5, 6}; return 9 }()
	fmt.Println(s2, t)
	u := []int{1, 2, 3}
	u[1] += func() int { u[1] = 100; return 1 }()
	fmt.Println(u)
	var e []int
	try("index", func() { e[len(e)] = rhs("index") })
	try("tuple", func() { e[0], i = two() })
	try("op", func() { e[0] += rhs("op") })
	var p *int
	try("star", func() { *p = rhs("star") })
	type S struct{ x int }
	var ps *S
	try("field", func() { ps.x = rhs("field") + 1 })
	var pa *[3]int
	try("array", func() { pa[1] = rhs("array") })
	try("second", func() { i, e[0] = 5, rhs("second") })
	var m map[int]int
	try("map", func() { m[1] = rhs("map") })
}`)
	want := `[1 9] 1
[9 6] [1 2]
[1 101 3]
rhs index
index runtime error: index out of range [0] with length 0
rhs two
tuple runtime error: index out of range [0] with length 0
rhs op
op runtime error: index out of range [0] with length 0
rhs star
star runtime error: invalid memory address or nil pointer dereference
rhs field
field runtime error: invalid memory address or nil pointer dereference
rhs array
array runtime error: invalid memory address or nil pointer dereference
rhs second
second runtime error: index out of range [0] with length 0
rhs map
map assignment to entry in nil map
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
