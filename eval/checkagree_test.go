package eval

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// checkDiffs compares the cell's check (ct, the session's, kept true by the scope stage)
// with the rewriter's own check of the cell as it will run (rewrite.Rewriter.Check), for
// everything the rewriter reads: the types of expressions, what identifiers define and use,
// selections, instances, the session's types and the errors. It returns the differences.
func checkDiffs(s *Session, ct *cellTypes, decls *ast.File, stmts *ast.BlockStmt) []string {
	rc, ok := s.rw.(interface {
		Check(*token.FileSet, *ast.File, *ast.BlockStmt) *rewrite.Checked
	})
	if !ok {
		return nil
	}
	want := rc.Check(s.in.FileSet(), decls, stmts)
	got := ct
	fset := s.in.FileSet()
	var out []string
	add := func(kind string, n ast.Node, g, w string) {
		if g == w {
			return
		}
		p := fset.Position(n.Pos())
		out = append(out, fmt.Sprintf("%s %T %s:%d:%d %q\n\tsession:  %s\n\trewriter: %s", kind, n, p.Filename, p.Line%lineStride, p.Column, short(printNode(fset, n)), g, w))
	}
	qual := func(p *types.Package) string {
		if p == nil {
			return ""
		}
		return p.Path()
	}
	ts := func(t types.Type) string {
		if t == nil {
			return "<nil>"
		}
		return types.TypeString(t, qual)
	}
	obj := func(o types.Object) string {
		if o == nil {
			return "<none>"
		}
		return fmt.Sprintf("%T %s %s", o, o.Name(), ts(o.Type()))
	}
	tv := func(m map[ast.Expr]types.TypeAndValue, e ast.Expr) string {
		v, ok := m[e]
		if !ok {
			return "<none>"
		}
		val := ""
		if v.Value != nil {
			val = v.Value.ExactString()
		}
		return fmt.Sprintf("%s type=%v val=%v void=%v builtin=%v ok=%v addr=%v assign=%v nil=%v %s", ts(v.Type), v.IsType(), v.IsValue(), v.IsVoid(), v.IsBuiltin(), v.HasOk(), v.Addressable(), v.Assignable(), v.IsNil(), val)
	}
	sel := func(s *types.Selection) string {
		if s == nil {
			return "<none>"
		}
		return fmt.Sprintf("%d %v %v %s %s", s.Kind(), s.Index(), s.Indirect(), ts(s.Type()), ts(s.Recv()))
	}
	inst := func(i types.Instance, ok bool) string {
		if !ok {
			return "<none>"
		}
		var args []string
		for j := 0; j < i.TypeArgs.Len(); j++ {
			args = append(args, ts(i.TypeArgs.At(j)))
		}
		return strings.Join(args, ",") + " " + ts(i.Type)
	}
	g, w := got.info, want.Info
	visit := func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			if e, ok := n.(ast.Expr); ok {
				add("Types", n, tv(g.Types, e), tv(w.Types, e))
			}
			if id, ok := n.(*ast.Ident); ok {
				add("Defs", n, obj(g.Defs[id]), obj(w.Defs[id]))
				add("Uses", n, obj(g.Uses[id]), obj(w.Uses[id]))
				gi, gok := g.Instances[id]
				wi, wok := w.Instances[id]
				add("Instances", n, inst(gi, gok), inst(wi, wok))
			}
			if se, ok := n.(*ast.SelectorExpr); ok {
				add("Selections", n, sel(g.Selections[se]), sel(w.Selections[se]))
			}
			return true
		})
	}
	if decls != nil {
		visit(decls)
	}
	if stmts != nil {
		visit(stmts)
	}
	typeNames := func(p *types.Package) string {
		if p == nil {
			return "<nil>"
		}
		var names []string
		for _, n := range p.Scope().Names() {
			if _, ok := p.Scope().Lookup(n).(*types.TypeName); ok {
				names = append(names, n)
			}
		}
		return strings.Join(names, " ")
	}
	if tg, tw := typeNames(got.pkg), typeNames(want.Pkg); tg != tw {
		out = append(out, fmt.Sprintf("PkgTypes\n\tsession:  %s\n\trewriter: %s", tg, tw))
	}
	hard := func(errs []error) string {
		var l []string
		for _, e := range errs {
			if te, ok := e.(types.Error); ok && !te.Soft {
				p := fset.Position(te.Pos)
				l = append(l, fmt.Sprintf("%d:%d %s", p.Line%lineStride, p.Column, te.Msg))
			} else if !ok {
				l = append(l, "other: "+e.Error())
			}
		}
		return strings.Join(l, "; ")
	}
	if hg, hw := hard(got.all), hard(want.Errors); hg != hw {
		out = append(out, fmt.Sprintf("Errors\n\tsession:  %s\n\trewriter: %s", hg, hw))
	}
	if got.unsure != "" {
		out = append(out, "not kept true: "+got.unsure)
	}
	return out
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// TestCellCheckAgreesWithTheRewriters: the rewriter reads the session's check of a cell,
// made before the scope stage changed the cell and kept true by it (typepatch.go), where it
// made a check of its own before; for each cell below, the check must hold what the
// rewriter's own check of the cell as it runs (rewrite.Rewriter.Check) would. (Where the
// two differ on purpose, the rewriter's own was wrong: a name defined twice in one cell, a
// cell that redefines a name reading its old value (x := f(x): the rewriter's own check
// left the old x out), a declaration its memory kept of a cell that did not compile, a
// var declaration run as a statement that a function of the cell reads (its own check
// left the variable undefined in the function); no cell below does that.)
func TestCellCheckAgreesWithTheRewriters(t *testing.T) {
	s := newSession(t)
	if s.rw == nil {
		t.Skip("no rewriter in this session")
	}
	mustExec(t, s, "import (\"fmt\"; \"os\"; \"strings\"; \"peerbook/gpu\")\ngpu.Use(\"sim:1\")")
	cells := []string{
		"x := 1",
		"fmt.Println(x)",
		"fmt.Println(1)\nfmt.Println(2)",
		"y := x + 1\ntype P struct{ A, B int }\nfunc (p P) Sum() int { return p.A + p.B }\nq := P{x, y}\nfmt.Println(q.Sum())",
		"for i := 0; i < 2; i++ {\n\tfmt.Println(i)\n}\nz := []string{\"a\"}\nz = append(z, \"b\")\nlen(z)",
		"var w = q.Sum() * 2\nvar v, u = w + 1, strings.Repeat(\"a\", w)\nconst k = 3\nw + k + v + len(u)",
		"var ErrX = fmt.Errorf(\"x\")\nfunc check(e error) bool { return e == ErrX }\ncheck(ErrX)",
		"_, err := fmt.Sscan(\"5\", &w)\nerr == nil",
		"defer fmt.Println(\"deferred\", w)\nif w > 0 {\n\treturn\n}\nfmt.Println(\"not reached\")",
		"f := func(s string, n ...int) (int, error) { return len(s) + len(n), nil }\narr := [2]P{}\nm := map[string]chan struct{}{}\nst := struct{ a int; b []string }{}\nfmt.Println(f, arr, m, st)",
		"type List[T any] struct{ items []T }\nfunc (l *List[T]) Push(v T) { l.items = append(l.items, v) }\nl := &List[string]{}\nl.Push(\"a\")\nlen(l.items)",
		"entries, err := os.ReadDir(\".\")\nlen(entries) >= 0 && err == nil",
		"func twice(t gpu.Thread, n int, a []float32) {\n\tfor i := t.GlobalX(); i < n; i += t.StrideX() {\n\t\ta[i] *= 2\n\t}\n}\nd := gpu.Dev(0)\nbuf, _ := d.AllocFrom([]float32{1, 2})\nerr = twice.Launch(d, 1, 2, 2, buf)\nvals, _ := buf.Float32s()\nfmt.Sprint(vals, err)",
	}
	expectChecksAgree(t, s, cells)
}

// expectChecksAgree runs each cell in s and fails for each on which the session's check
// of the cell and the rewriter's own check of it as it runs differ.
func expectChecksAgree(t *testing.T, s *Session, cells []string) {
	t.Helper()
	var diffs []string
	s.checkHook = func(ct *cellTypes, decls *ast.File, stmts *ast.BlockStmt) {
		diffs = append(diffs, checkDiffs(s, ct, decls, stmts)...)
	}
	defer func() { s.checkHook = nil }()
	for _, code := range cells {
		diffs = nil
		mustExec(t, s, code)
		if len(diffs) > 0 {
			t.Errorf("cell %q: the session's check and the rewriter's differ:\n%s", code, strings.Join(diffs, "\n"))
		}
	}
}
