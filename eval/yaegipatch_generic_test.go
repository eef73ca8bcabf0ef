package eval

import (
	"strings"
	"testing"
)

// Tests of the generics patches to the in-tree copy of yaegi (G1-G12 in
// eval/third_party/yaegi/PATCHES.md): generic declarations and their instances. Each
// runs what its patch fixes, in a session (cellStdout) or on a bare interpreter
// (yaegiStdout), and compares with what `go run` prints for the same program. Generic
// code's other fixes are yaegipatch_typeparams_test.go's.

// Generics patch G1: a generic function instantiated while its own instance is being
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

// Generics patch G2: explicit instantiation of a function with several type parameters
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

// Generics patch G3: the body of a generic function's instance is generated where it is
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

// Generics patch G4: a recursive generic type with two type parameters (node[K, V] with
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

// Generics patch G5: type arguments inferred by unifying each parameter's type with its
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
// "undefined selector: Reverse". An instance made after the methods were declared has
// them too. Patch 28 is the same fix, made on the yfix branch. The want is what `go run`
// prints for the cells as one program.
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
fmt.Println(l.First(), l.Len, m.First())
var w List[float64]
w.Prepend(2.5)
w.Prepend(1.5)
w.Reverse()
fmt.Println(w.First(), w.Len)`)
	if got, want := rec.stream("stdout"), "b 2 1\n2.5 2\n"; got != want {
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
