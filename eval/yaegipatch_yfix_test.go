package eval

import (
	"strings"
	"testing"
)

// Tests of the yfix patches to the in-tree copy of yaegi (eval/third_party/yaegi/PATCHES.md,
// patches 21 and on); the expected outputs are what `go run` prints for the same programs.

// Patch 21: methods promoted from an embedded compiled type with pointer receivers
// (sync.Mutex.Lock) belong to the method set of a pointer to the struct: it satisfies
// sync.Locker and an interface of the interpreter, and calls through both reach the
// embedded field.
func TestPatchEmbeddedCompiledMethods(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sync"
)

type Counter struct {
	sync.Mutex
	n int
}

type Locker interface {
	Lock()
	Unlock()
}

func inc(l sync.Locker, c *Counter) {
	l.Lock()
	defer l.Unlock()
	c.n++
}

func main() {
	c := &Counter{}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); inc(c, c) }()
	}
	wg.Wait()
	var l Locker = c
	l.Lock()
	ok := c.TryLock()
	l.Unlock()
	fmt.Println(c.n, ok)
}`
	want := "20 false\n"
	if got := yaegiStdout(t, src); got != want {
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

// Patches 23 and 24: a continue in a select case inside a for loop. Ending a case, it left
// the select as if the case had ended (the loop broke after one round); inside an if, the
// code generation of the select recursed without end (fatal stack overflow). Bare
// interpreter: the session rewrites continue in a select to a goto.
func TestPatchSelectContinueInLoop(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	data := make(chan int, 10)
	quit := make(chan struct{})
	for i := 1; i <= 5; i++ {
		data <- i
	}
	sum, rounds := 0, 0
	for {
		rounds++
		select {
		case v := <-data:
			sum += v
			if v == 5 {
				close(quit)
			}
			continue
		case <-quit:
		}
		break
	}
	fmt.Println(sum, rounds)
	for i := 1; i <= 5; i++ {
		data <- i
	}
	close(data)
	odd := 0
	for {
		select {
		case v, ok := <-data:
			if ok {
				odd += v % 2
				continue
			}
		}
		break
	}
	fmt.Println(odd)
}`
	if got, want := yaegiStdout(t, src), "15 6\n3\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")), "15 6\n3\n"; got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 25: a deferred call of a function variable calls the value it had at the defer
// statement, a deferred compiled call gets its arguments as they were then, and a
// deferred closure made in the same function runs (it hung: traefik/yaegi#1697). In a
// session, with the rewriter binding receivers and arguments (eval/internal/rewrite/defer.go),
// method receivers and the arguments of function literals are evaluated there too.
func TestPatchDeferEvaluation(t *testing.T) {
	bare := `package main

import "fmt"

func main() {
	step := func() { fmt.Println("step one") }
	defer step()
	nums := [2]int{1, 2}
	defer fmt.Println("array", nums)
	nums[0] = 9
	step = func() { fmt.Println("step two") }
	step()
}`
	if got, want := yaegiStdout(t, bare), "step two\narray [1 2]\nstep one\n"; got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	src := `package main

import "fmt"

type Counter struct{ n int }

func (c Counter) Show(tag string) { fmt.Println(tag, c.n) }
func (c *Counter) PShow(tag string) { fmt.Println(tag, c.n) }

func main() {
	c := Counter{1}
	show := c.Show
	defer c.Show("deferred value receiver")
	defer c.PShow("deferred pointer receiver")
	step := func() { fmt.Println("step one") }
	defer step()
	nums := [2]int{1, 2}
	defer fmt.Println("array", nums)
	defer func(a [2]int) { fmt.Println("literal arg", a) }(nums)
	c.n = 2
	nums[0] = 9
	step = func() { fmt.Println("step two") }
	step()
	show("method value")
}`
	want := "step two\nmethod value 1\nliteral arg [1 2]\narray [1 2]\nstep one\ndeferred pointer receiver 2\ndeferred value receiver 1\n"
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 26: a struct embedding an interface with methods (sort.Interface, io.Reader):
// the promoted methods reach the field, the struct passes as a compiled interface from
// an interface of the interpreter, and a nil embedded interface panics as in Go.
func TestPatchEmbeddedInterfaceField(t *testing.T) {
	src := `package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

type byLenDesc struct{ sort.Interface }

func (b byLenDesc) Less(i, j int) bool { return b.Interface.Less(j, i) }

type upper struct{ io.Reader }

func (u upper) Read(p []byte) (int, error) {
	n, err := u.Reader.Read(p)
	copy(p, strings.ToUpper(string(p[:n])))
	return n, err
}

type Source interface{ io.Reader }

func main() {
	words := []string{"b", "dd", "a", "ccc"}
	sort.Sort(byLenDesc{sort.StringSlice(words)})
	fmt.Println(words)
	var src Source = upper{strings.NewReader("quiet words")}
	b, err := io.ReadAll(src)
	fmt.Println(string(b), err)
	defer func() { fmt.Println("recovered:", recover()) }()
	var empty upper
	empty.Read(make([]byte, 4))
}`
	want := "[dd ccc b a]\nQUIET WORDS <nil>\nrecovered: runtime error: invalid memory address or nil pointer dereference\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
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

// Patch 28: methods with a pointer receiver declared on a generic type after it was
// instantiated (in a later cell) belong to the instances too (they were "undefined
// selector"); value receivers already did. The expected output is go run's of the
// same declarations in one program.
func TestPatchGenericMethodsInLaterCell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"fmt\"\n\ntype Stack[T any] struct{ items []T }")
	mustExec(t, s, "func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }")
	mustExec(t, s, "var s Stack[int]\ns.Push(1)\ns.Push(2)")
	mustExec(t, s, `func (s *Stack[T]) Pop() T {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}

func (s Stack[T]) Len() int { return len(s.items) }`)
	_, rec := mustExec(t, s, "fmt.Println(s.Pop(), s.Len())\nvar w Stack[string]\nw.Push(\"x\")\nfmt.Println(w.Pop(), w.Len())")
	if got, want := rec.stream("stdout"), "2 1\nx 0\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
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

// Patch 30: a select case sending the result of a call whose operands need code (a
// method value g.label, a compiled package function's arguments) evaluates them.
func TestPatchSelectSendCall(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
)

type gen struct{ prefix string }

func (g gen) label(i int) string { return fmt.Sprintf("%s%d", g.prefix, i) }

func main() {
	g := gen{"job-"}
	out := make(chan string, 4)
	words := []string{"a", "b"}
	for i := 0; i < 3; i++ {
		select {
		case out <- g.label(i):
		}
	}
	select {
	case out <- strings.Join(words, "+"):
	default:
		fmt.Println("full")
	}
	close(out)
	for s := range out {
		fmt.Println(s)
	}
}`
	want := "job-0\njob-1\njob-2\na+b\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
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
