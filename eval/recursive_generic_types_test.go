package eval

import "testing"

// A generic type that refers to itself other than through a struct or an interface
// (type Chan[T any] chan Chan[T], type Src[T any] func() Src[T]) is refused before the
// cell runs, as the same types without type parameters are: reflect cannot make them,
// and yaegi panicked while compiling ("incomplete type Chan[int]": typeparam/
// issue47901.go, issue48030.go and issue48617.go of Go's test suite, issue 29). Through
// a struct it runs; the expected output is go run's.
func TestGenericRecursiveTypesRefused(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"generic channel", "type Chan[T any] chan Chan[T]\nfunc (ch Chan[T]) recv() Chan[T] { return <-ch }\nvar c = make(Chan[int])",
			"type Chan refers to itself other than through a named struct type (chan Chan[T])"},
		{"generic slice", "type L[T any] []L[T]\nvar l = L[int]{nil}",
			"type L refers to itself other than through a named struct type ([]L[T])"},
		{"generic function", "type Src[T any] func() Src[T]\nfunc Seq[T any]() Src[T] { return nil }\nvar s = Seq[int]()",
			"type Src refers to itself through a function type (func() Src[T]): recursive function types are not supported in cells"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSession(t)
			expectRefusedBeforeRunning(t, s, c.code, c.want)
		})
	}
	s := newSession(t)
	code := "import \"fmt\"\ntype G[T any] struct {\n\tnext *G[T]\n\tkids []G[T]\n\tv    T\n}\nfmt.Println(G[int]{v: 2}.next == nil, len(G[string]{kids: []G[string]{{}}}.kids))"
	if _, rec := mustExec(t, s, code); rec.stream("stdout") != "true 1\n" {
		t.Errorf("generic recursive types through a struct: got %q, want %q (go run)", rec.stream("stdout"), "true 1\n")
	}
}
