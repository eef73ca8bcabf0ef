package eval

import (
	"strings"
	"testing"
)

// A type that refers to itself through slices, arrays, maps, channels or pointers
// without a named struct in between (Go's tests ddd.go and fixedbugs/issue17039.go:
// type T []T) made the interpreter panic while compiling, and some (type L []*L,
// type T []struct{ t T }) overflowed its stack, which ends the session: they are
// refused before the cell runs, naming the limit. Through a named struct they run.
func TestRecursiveTypesWithoutStructRefused(t *testing.T) {
	refused := []string{
		"type T []T",
		"type T map[string]T",
		"type T *T",
		"type T []*T",
		"type T chan T",
		"type T [2][]T",
		"type T []struct{ t T }",
		"type T map[int]*T",
		"type A []B\ntype B map[int]A\ntype T A",
	}
	for _, decl := range refused {
		s := newSession(t)
		_, e, _ := run(t, s, decl+"\nvar t T\n_ = t")
		if e == nil {
			t.Errorf("%q ran; want it refused", decl)
			continue
		}
		if e.Name != NameCompile || !strings.Contains(strings.Join(e.Traceback, "\n"), "refers to itself other than through a named struct type") {
			t.Errorf("%q: got %s: %s; want the refusal of recursive types", decl, e.Name, e.Value)
		}
	}
	// A generic function type that refers to itself (Go's test
	// fixedbugs/issue72063.go): an instance is its origin.
	s := newSession(t)
	_, e, _ := run(t, s, "type rec[T any] func(rec[T]) T\nvar r rec[int]\n_ = r")
	if e == nil || !strings.Contains(strings.Join(e.Traceback, "\n"), "refers to itself through a function type") {
		t.Errorf("a generic recursive function type: got %v; want the refusal of recursive function types", e)
	}
	runs := []string{
		"type T struct{ kids []T }",
		"type T struct{ m map[string]*T }",
		"type A struct{ b []B }\ntype B struct{ a *A }\ntype T A",
		"type T []A\ntype A struct{ t T }",
		"type T []interface{ M() T }",
	}
	for _, decl := range runs {
		s := newSession(t)
		mustExec(t, s, "import \"fmt\"\n"+decl+"\nvar t T\nfmt.Println(len(fmt.Sprint(t)) > 0)")
	}
}
