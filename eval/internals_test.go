package eval

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
)

// TestScopeView checks the session's view of the interpreter's package scope, read and
// edited through the scope API of the patched yaegi (PATCHES.md, patch 17).
func TestScopeView(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type T struct{ A int }\nfunc (T) M() int { return 1 }\nvar x = 2\nvar p = &T{}\nimport \"strings\"\nvar _ = strings.ToUpper")
	kinds := map[string]string{}
	for _, sym := range s.scope.symbols() {
		kinds[sym.Name] = sym.Kind + " " + sym.Type
	}
	if kinds["T"] != "type T" || kinds["x"] != "var int" {
		t.Errorf("symbols: %v", kinds)
	}
	if s.scope.imports()["strings"] != "strings" {
		t.Errorf("imports: %v", s.scope.imports())
	}
	if got := s.scope.typeName(s.scope.symbol("p")); got != "T" {
		t.Errorf("typeName(p) = %q, want T", got)
	}
	if got := s.scope.typeName(s.scope.symbol("x")); got != "" {
		t.Errorf("typeName(x) = %q, want \"\" (int is no session type)", got)
	}
	saved := s.scope.methodSlice("T")
	if !saved.IsValid() || saved.Len() != 1 {
		t.Errorf("method list of T not found")
	}
	if !s.scope.dropMethod("T", "M") || s.scope.methodSlice("T").Len() != 0 {
		t.Errorf("dropMethod did not remove M")
	}
	s.scope.setMethodSlice("T", saved)
	if s.scope.methodSlice("T").Len() != 1 {
		t.Errorf("setMethodSlice did not put M back")
	}
	if got, _ := mustExec(t, s, "T{}.M()"); got != "1" {
		t.Errorf("T{}.M() after the methods were put back: %q", got)
	}
	x := s.scope.symbol("x")
	if !s.scope.forget("x") || s.scope.symbol("x").IsValid() {
		t.Errorf("forget did not remove x")
	}
	s.scope.restore("x", x)
	if got, _ := mustExec(t, s, "x"); got != "2" {
		t.Errorf("x after restore: %q", got)
	}
}

func TestCompilePanicIsAnError(t *testing.T) {
	s := newSession(t)
	// A malformed tree (an expression statement without expression) makes yaegi panic
	// while it compiles.
	bad := &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: nil}}}
	_, err := s.compile(bad, false)
	e := asError(err)
	if err == nil || e.Name != NameInternal || !strings.Contains(e.Value, "panicked while compiling") {
		t.Fatalf("compiling a malformed tree: %v", err)
	}
	if got, _ := mustExec(t, s, "1 + 2"); got != "3" {
		t.Errorf("after a compile panic: %q", got)
	}
}

func TestSplitCell(t *testing.T) {
	code := `import "fmt"
x := 1 // trailing comment

// Doc of f.
func f() int { return x }
func (t T) M() {}
func() { fmt.Println("literal") }()
type T struct{}
var (
	a = 1
	b = 2
)
const c = 3; y := 2
if x > 0 {
	fmt.Println(x)
}`
	chunks := splitCell(code)
	var kinds []chunkKind
	for _, c := range chunks {
		kinds = append(kinds, c.kind)
	}
	want := []chunkKind{chunkImport, chunkStmt, chunkFunc, chunkMethod, chunkStmt, chunkType, chunkVar, chunkConst, chunkStmt, chunkStmt}
	if len(kinds) != len(want) {
		t.Fatalf("%d chunks %v, want %v", len(kinds), kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Errorf("chunk %d (%q): kind %d, want %d", i, chunks[i].src, kinds[i], want[i])
		}
	}
	if !strings.HasPrefix(chunks[2].src, "// Doc of f.") || chunks[2].line != 4 {
		t.Errorf("func chunk %q at line %d: the doc comment belongs to it", chunks[2].src, chunks[2].line)
	}
	if strings.Contains(chunks[1].src, "Doc") || !strings.Contains(chunks[1].src, "x := 1") {
		t.Errorf("statement chunk %q", chunks[1].src)
	}
	if chunks[8].line != 13 || chunks[8].col != 14 {
		t.Errorf("y := 2 at %d:%d, want 13:14", chunks[8].line, chunks[8].col)
	}
}

func TestPlanOrder(t *testing.T) {
	fset := token.NewFileSet()
	code := `n := 2
fmt.Println(double())
func double() int { return n * 2 }
func helper() int { return 1 }
import "fmt"
var k = helper()
var m = n + 1`
	pc, err := parseCell(fset, 1, code)
	if err != nil {
		t.Fatal(err)
	}
	none := func(string) bool { return false }
	steps := plan(pc, none, none)
	var got []string
	for _, st := range steps {
		var names []string
		for _, it := range st.items {
			if it.stmt != nil {
				names = append(names, "stmt@"+itoa(it.line))
			} else {
				names = append(names, it.defs...)
			}
		}
		kind := "decls"
		if st.kind == stepStmts {
			kind = "stmts"
		}
		got = append(got, kind+"["+strings.Join(names, ",")+"]")
	}
	// Declarations that need nothing from the statements come first, together; double
	// needs n, so it is compiled right after n is defined, before the statement using it.
	want := "decls[helper,fmt,k] stmts[stmt@1] decls[double] stmts[stmt@2,m]"
	if strings.Join(got, " ") != want {
		t.Errorf("plan %s\nwant %s", strings.Join(got, " "), want)
	}
}

func TestEndsWithSemicolon(t *testing.T) {
	for code, want := range map[string]bool{
		"x;":            true,
		"x; // comment": true,
		"x":             false,
		"x;\n\n":        true,
		"f(); x":        false,
		"s := \";\"":    false,
		"/* ; */ x":     false,
	} {
		if got := endsWithSemicolon(code); got != want {
			t.Errorf("%q: %v", code, got)
		}
	}
}
