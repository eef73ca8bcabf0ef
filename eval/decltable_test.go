package eval

import (
	"strings"
	"testing"
)

// The table keeps one entry per name; its parts keep the lifetimes they had as separate
// tables: a redeclared type drops its methods' type declarations (go/types must not see
// them on the new type) but keeps their definitions, and a variable of the old type is
// stale until it is made again.
func TestDeclTableLifetimes(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type T struct{ a int }\nfunc (t T) Get() int { return t.a }\nvar x = T{1}\nconst c = 2.5")
	for _, name := range []string{"T", "T.Get", "x", "c"} {
		if _, ok := s.decls.def(name); !ok {
			t.Errorf("%s: no definition", name)
		}
		if _, ok := s.decls.typed(name); !ok {
			t.Errorf("%s: no type declaration", name)
		}
	}
	if got := s.decls.typeSrc("c"); !strings.HasPrefix(got, "const c = ") {
		t.Errorf("c's type declaration is %q", got)
	}
	if s.decls.isStale("x") {
		t.Errorf("x stale before T is redeclared")
	}
	mustExec(t, s, "type T struct{ a, b int }")
	if _, ok := s.decls.def("T.Get"); !ok {
		t.Errorf("T.Get lost its definition when T was redeclared")
	}
	if !s.decls.isStale("x") {
		t.Errorf("x (of the old T) not stale after T was redeclared")
	}
	if got := s.typer.varType("x"); got != "" {
		t.Errorf("the typer gives stale x the type %q", got)
	}
	if _, ok := s.decls.typed("T.Get"); ok {
		t.Errorf("T.Get kept its type declaration when T was redeclared")
	}
	if got := s.decls.methods["T"]; len(got) != 0 {
		t.Errorf("methods of T with type declarations: %v, want none", got)
	}
	mustExec(t, s, "x := T{3, 4}")
	if s.decls.isStale("x") {
		t.Errorf("x stale after it was made again of the new T")
	}
}
