package rewrite

import "go/ast"

// unparenCommaOk removes the parentheses around the one value of a two-value assignment
// or var declaration (v, ok := (<-ch), (m[k]), (x.(T)), (f())) and around the receive of
// a select clause (case v := (<-ch):), where Go gives them no meaning: the passes after
// this one (comma-ok assertions, map stores, select operands) and yaegi recognise these
// forms by the expression's node, which the parentheses hid (a comma-ok assertion in
// parentheses was taken for a one-value one: "assignment mismatch"). The types of the
// inner expressions are recorded by the check, so nothing else changes.
func unparenCommaOk(root ast.Node) {
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				n.Rhs[0] = ast.Unparen(n.Rhs[0])
			}
		case *ast.ValueSpec:
			if len(n.Names) == 2 && len(n.Values) == 1 {
				n.Values[0] = ast.Unparen(n.Values[0])
			}
		case *ast.CommClause:
			switch c := n.Comm.(type) {
			case *ast.ExprStmt:
				c.X = ast.Unparen(c.X)
			case *ast.AssignStmt:
				if len(c.Rhs) == 1 {
					c.Rhs[0] = ast.Unparen(c.Rhs[0])
				}
			}
		}
		return true
	})
}
