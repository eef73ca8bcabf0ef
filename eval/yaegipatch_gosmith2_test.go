package eval

import "testing"

// Tests of the fixes the random differential tester found in its second round
// (eval/internal/difftest, issue 29): yaegi patches 110 on
// (eval/third_party/yaegi/PATCHES.md) and fixes in eval and the rewriter, each with the
// expected output taken from go run.

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

// Patch 111: an instance of a generic struct type was named by its underlying type
// (G[int] was struct { v int }), so G[G[int]] was the same type as G[struct{ v int }]
// and %T printed main.G[struct { v int}].
func TestPatchGenericInstanceNamedByPackage(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type G[T any] struct{ v T }

func main() {
	var a any = G[G[int]]{}
	_, ok := a.(G[struct{ v int }])
	_, ok2 := a.(G[G[int]])
	fmt.Println(ok, ok2)
	fmt.Printf("%T\n", a)
}`)
	if want := "false true\nmain.G[main.G[int]]\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}

// In generic code %T and %#v name the type arguments of the instance that runs, not
// the type parameters (main.G[T], []T), also for instances only generic code makes.
func TestGenericCodePrintsTypeArguments(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type N int

func (n N) String() string { return fmt.Sprintf("N<%d>", int(n)) }

type P struct{ a, b int }

type G[T any] struct {
	v  T
	vs []T
	m  map[string]T
	p  *T
}

func F[T any](x T) {
	g := G[T]{v: x, vs: []T{x, x}, m: map[string]T{"k": x}}
	fmt.Printf("%v|%+v|%#v\n", g, g, g.vs)
	fmt.Printf("%T %T %T %T %T\n", g, g.vs, g.m, g.p, &g)
	fmt.Printf("%v %d\n", []T{x}, []T{x})
	var e T
	fmt.Printf("%v %#v %T\n", e, e, e)
	fmt.Printf("%T\n", func(a T) T { return a })
}

func main() {
	F(3)
	F(N(2))
	F(P{1, 2})
	F(G[string]{v: "s"})
}`)
	want := `{3 [3 3] map[k:3] <nil>}|{v:3 vs:[3 3] m:map[k:3] p:<nil>}|[]int{3, 3}
main.G[int] []int map[string]int *int *main.G[int]
[3] [3]
0 0 int
func(int) int
{2 [2 2] map[k:2] <nil>}|{v:2 vs:[2 2] m:map[k:2] p:<nil>}|[]main.N{2, 2}
main.G[main.N] []main.N map[string]main.N *main.N *main.G[main.N]
[N<2>] [2]
N<0> 0 main.N
func(main.N) main.N
{{1 2} [{1 2} {1 2}] map[k:{1 2}] <nil>}|{v:{a:1 b:2} vs:[{a:1 b:2} {a:1 b:2}] m:map[k:{a:1 b:2}] p:<nil>}|[]main.P{main.P{a:1, b:2}, main.P{a:1, b:2}}
main.G[main.P] []main.P map[string]main.P *main.P *main.G[main.P]
[{1 2}] [{1 2}]
{0 0} main.P{a:0, b:0} main.P
func(main.P) main.P
{{s [] map[] <nil>} [{s [] map[] <nil>} {s [] map[] <nil>}] map[k:{s [] map[] <nil>}] <nil>}|{v:{v:s vs:[] m:map[] p:<nil>} vs:[{v:s vs:[] m:map[] p:<nil>} {v:s vs:[] m:map[] p:<nil>}] m:map[k:{v:s vs:[] m:map[] p:<nil>}] p:<nil>}|[]main.G[string]{main.G[string]{v:"s", vs:[]string(nil), m:map[string]string(nil), p:(*string)(nil)}, main.G[string]{v:"s", vs:[]string(nil), m:map[string]string(nil), p:(*string)(nil)}}
main.G[main.G[string]] []main.G[string] map[string]main.G[string] *main.G[string] *main.G[main.G[string]]
[{s [] map[] <nil>}] [{%!d(string=s) [] map[] 0}]
{ [] map[] <nil>} main.G[string]{v:"", vs:[]string(nil), m:map[string]string(nil), p:(*string)(nil)} main.G[string]
func(main.G[string]) main.G[string]
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
