package eval

import (
	"strings"
	"testing"
)

// A generic type declared in a function is refused before the cell runs, naming the
// limit: yaegi declares generic types at package level only, and failed with "type
// definition not implemented: fieldList" (typeparam/issue54456.go and nested.go of Go's
// test suite, issue 29). A generic type declared at the cell's top level runs.
func TestLocalGenericTypeRefused(t *testing.T) {
	s := newSession(t)
	_, e, _ := run(t, s, "func one() any {\n\ttype T[_ any] int\n\treturn T[int](0)\n}")
	want := "peerbook: generic type T declared in a function: not supported in cells"
	if e == nil {
		t.Fatalf("the cell ran; want it refused with %q", want)
	}
	if e.Name != NameCompile || !strings.Contains(strings.Join(e.Traceback, "\n"), want) {
		t.Fatalf("got %s: %s; want a CompileError with %q", e.Name, e.Value, want)
	}
	if _, rec := mustExec(t, s, "import \"fmt\"\ntype T[_ any] int\nfunc two() any { return T[int](2) }\nfmt.Println(two())"); rec.stream("stdout") != "2\n" {
		t.Errorf("a generic type at the top level: got %q, want %q (go run)", rec.stream("stdout"), "2\n")
	}
}
