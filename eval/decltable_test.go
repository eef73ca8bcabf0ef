package eval

import (
	"strings"
	"testing"
)

// The table keeps one entry per name; its parts keep the lifetimes they had as separate
// tables: a redeclared type drops its methods' type declarations (go/types must not see
// them on the new type) but keeps their definitions, until they are re-evaluated for the
// new type; a variable of the old type is stale until it is made again.
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
	// Get compiles for the new T (redefine.go re-evaluates it): it is T's method again.
	if got := s.decls.typeSrc("T.Get"); !strings.HasPrefix(got, "func (t T) Get() int") {
		t.Errorf("T.Get re-evaluated for the new T: type declaration %q", got)
	}
	if got := s.decls.methods["T"]; len(got) != 1 {
		t.Errorf("methods of T with type declarations: %v, want [T.Get]", got)
	}
	// A method that does not compile for the new T loses its type declaration.
	mustExec(t, s, "func (t T) Sum() int { return t.a + t.b }")
	mustExec(t, s, "type T struct{ a int }")
	if _, ok := s.decls.typed("T.Sum"); ok {
		t.Errorf("T.Sum kept its type declaration when T was redeclared without b")
	}
	mustExec(t, s, "x := T{3}")
	if s.decls.isStale("x") {
		t.Errorf("x stale after it was made again of the new T")
	}
}

// The rewriter keeps its declarations in the session's table: one entry per name holds
// the definition, the typer's declaration and the rewriter's.
func TestDeclTableHoldsTheRewritersDeclarations(t *testing.T) {
	s := newSession(t)
	if s.rw == nil {
		t.Skip("no rewriter in this session")
	}
	mustExec(t, s, "type P struct{ x float64 }\nfunc (p P) X() float64 { return p.x }\nn := 3")
	for name, want := range map[string]string{"P": "type P struct", "P.X": "func (p P) X() float64", "n": "var n int"} {
		got, ok := s.decls.RewriterDecl(name)
		if !ok || !strings.HasPrefix(got, want) {
			t.Errorf("the rewriter's declaration of %s is %q (%v), want %q...", name, got, ok, want)
		}
		if _, ok := s.decls.def(name); !ok {
			t.Errorf("%s: no definition in the same table", name)
		}
	}
	mustExec(t, s, "type P struct{ x, y float64 }")
	if got, _ := s.decls.RewriterDecl("P"); !strings.Contains(got, "y float64") {
		t.Errorf("the rewriter's declaration of P after it was redeclared is %q", got)
	}
	if out, _ := mustExec(t, s, "n * 2"); out != "6" {
		t.Errorf("n * 2 = %s, want 6", out)
	}
}

// A method re-evaluated for a redeclared type is the new type's: a cell that calls it is
// not refused ("T{…}.Get undefined"), as the go command would not refuse it.
func TestMethodOfRedeclaredTypeChecks(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"fmt\"\ntype T struct{ a int }\nfunc (t T) Get() int { return t.a }")
	mustExec(t, s, "type T struct{ a, b int }")
	got, _ := mustExec(t, s, "v := T{1, 2}.Get()\nfmt.Sprint(v)")
	if got != "1" {
		t.Errorf("T{1, 2}.Get() after T was redeclared: %s, want 1", got)
	}
}
