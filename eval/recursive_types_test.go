package eval

import (
	"strings"
	"testing"
)

// A type that refers to itself other than through a struct or an interface (through a
// function type, or through slices, maps, channels, arrays and pointers alone), generic
// or not, is refused before the cell runs: reflect cannot make it, and yaegi panicked
// while compiling ("incomplete type Chan[int]", a nil type: typeparam/issue47901.go,
// issue48030.go and issue48617.go of Go's test suite, issue 29). Through a struct it
// runs; the expected output is go run's.
func TestRecursiveTypesWithoutStructRefused(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"slice", "type L []L\nvar l = L{nil}", "type L refers to itself through []L, with no struct in between"},
		{"map", "type M map[string]M", "type M refers to itself through map[string]M, with no struct in between"},
		{"channel", "type C chan C", "type C refers to itself through chan C, with no struct in between"},
		{"pointer", "type P *P", "type P refers to itself through *P, with no struct in between"},
		{"two types", "type A []B\ntype B map[int]A", "type A refers to itself through []B, with no struct in between"},
		{"generic channel", "type Chan[T any] chan Chan[T]\nfunc (ch Chan[T]) recv() Chan[T] { return <-ch }\nvar c = make(Chan[int])",
			"type Chan refers to itself through chan Chan[T], with no struct in between"},
		{"generic function", "type Src[T any] func() Src[T]\nfunc Seq[T any]() Src[T] { return nil }\nvar s = Seq[int]()",
			"type Src refers to itself through a function type (func() Src[T]): recursive function types are not supported in cells"},
		{"function", "type F func() F", "type F refers to itself through a function type (func() F)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSession(t)
			_, e, _ := run(t, s, c.code)
			if e == nil {
				t.Fatalf("the cell ran; want it refused with %q", c.want)
			}
			if e.Name != NameCompile || !strings.Contains(strings.Join(e.Traceback, "\n"), "peerbook: "+c.want) {
				t.Fatalf("got %s: %s; want a CompileError with %q", e.Name, e.Value, c.want)
			}
		})
	}
	s := newSession(t)
	code := "import \"fmt\"\ntype N struct {\n\tnext *N\n\tkids []N\n\tm    map[string]N\n}\ntype A []B\ntype B struct{ a A }\ntype G[T any] struct{ next *G[T] }\nfmt.Println(N{}.next == nil, len(A{B{}}), G[int]{}.next == nil)"
	if _, rec := mustExec(t, s, code); rec.stream("stdout") != "true 1 true\n" {
		t.Errorf("recursive types through a struct: got %q, want %q (go run)", rec.stream("stdout"), "true 1 true\n")
	}
}
