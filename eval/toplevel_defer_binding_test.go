package eval

import (
	"go/ast"
	"strings"
	"testing"
)

// A defer statement at a cell's top level evaluates the method value's receiver and a
// lone call argument at the statement, as Go does: the registered call read them when it
// ran, at the cell's end (`t := T{1}; defer t.Show(); t = T{2}` showed 2 for Go's 1; a
// loop's `defer ts[i].Show()` showed the last element's later value twice; `defer
// fmt.Println(get(&x))` called get at the end). deferWrapper (eval/celldefer.go) binds
// them with the cell's check: a receiver of the method's own receiver type or an
// interface, *p for a pointer's value method, &x for a value's pointer method, a field
// holding a function, a lone argument call's results.
func TestTopLevelDeferBindsReceiverAndArguments(t *testing.T) {
	checkSessionFile(t, "toplevel_defer_binds_at_statement")
}

// The session's check of a cell whose top-level defers bind a receiver, a function field
// or a lone argument call (deferWrapper) holds what the rewriter's own check of the cell
// as it runs would (noteDefer, typepatch.go), as TestCellCheckAgreesWithTheRewriters
// asks of other cells.
func TestTopLevelDeferBindingKeepsTheCheck(t *testing.T) {
	s := newSession(t)
	if s.rw == nil {
		t.Skip("no rewriter in this session")
	}
	var diffs []string
	s.checkHook = func(ct *cellTypes, decls *ast.File, stmts *ast.BlockStmt) {
		diffs = append(diffs, checkDiffs(s, ct, decls, stmts)...)
	}
	mustExec(t, s, "import \"fmt\"\ntype T struct{ n int }\nfunc (t T) Show() { fmt.Println(t.n) }\nfunc (t *T) Inc() { t.n++ }\ntype Shower interface{ Show() }\ntype H struct{ fn func() }\nfunc get(x *int) int { return *x }\nfunc pair(x *int) (int, string) { return *x, \"p\" }")
	for _, code := range []string{
		"t := T{1}\ndefer t.Show()",
		"p := &T{2}\ndefer p.Inc()\ndefer p.Show()",
		"var sh Shower = T{3}\ndefer sh.Show()",
		"h := H{fn: func() {}}\ndefer h.fn()",
		"x := 4\ndefer fmt.Println(get(&x))",
		"y := 7\ndefer fmt.Println(pair(&y))",
		"type Outer struct{ T }\no := Outer{T{8}}\ndefer o.Show()",
		"cs := []T{{1}, {2}}\nk := 0\ndefer cs[k].Inc()",
		"ts := []T{{5}, {6}}\nfor i := range ts {\n\tdefer ts[i].Show()\n}",
	} {
		diffs = nil
		mustExec(t, s, code)
		if len(diffs) > 0 {
			t.Errorf("cell %q: the session's check and the rewriter's differ:\n%s", code, strings.Join(diffs, "\n"))
		}
	}
}
