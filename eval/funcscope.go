package eval

import "go/ast"

// yaegi v0.16.1 fails to define the variables of a multi-value definition (`a, b := f()`,
// `v, ok := m[k]`, `var a, b = f()`) in a block nested inside a top-level statement: a later
// use reads "undefined: a". Inside a function body the same code works. Top-level
// statements normally run in function literals anyway (see toplevel.go); in a cell where
// they can't (a goto between them), such a statement alone runs as the body of a function
// literal called at once, which keeps its meaning: every label or variable it declares is
// its own, while the session's variables are still reached (and assigned) by reference.

// funcScoped returns st wrapped in `func() { st }()` when it holds a nested multi-value
// definition, and st itself otherwise.
func funcScoped(st ast.Stmt) ast.Stmt {
	switch st.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt:
		return st // not compound: a top-level definition is handled by yaegi itself
	}
	if !hasNestedMultiDefine(st) {
		return st
	}
	pos := st.Pos()
	lit := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{st}, Rbrace: st.End()},
	}
	return &ast.ExprStmt{X: &ast.CallExpr{Fun: lit, Lparen: st.End(), Rparen: st.End()}}
}

// hasNestedMultiDefine reports whether st defines several variables from one multi-value
// expression anywhere outside function literals.
func hasNestedMultiDefine(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false // function bodies are fine
		case *ast.AssignStmt:
			if x.Tok.String() == ":=" && len(x.Lhs) > 1 && len(x.Rhs) == 1 {
				found = true
			}
		case *ast.ValueSpec:
			if len(x.Names) > 1 && len(x.Values) == 1 {
				found = true
			}
		}
		return true
	})
	return found
}
