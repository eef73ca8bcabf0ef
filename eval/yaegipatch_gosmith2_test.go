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
