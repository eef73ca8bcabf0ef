package rewrite

import (
	"go/ast"
	"go/token"
)

// tmpl builds generated code from Go source with placeholders: an identifier named in
// exprs is replaced by that expression, a statement `NAME` (an expression statement of
// an identifier) named in stmts by that list of statements. Placeholder names start
// with "_pbX_". The generated nodes are positioned at pos; substituted user nodes keep
// their own positions.
type tmpl struct {
	pos   token.Pos
	exprs map[string]ast.Expr
	stmts map[string][]ast.Stmt
}

func (t tmpl) statements(format string, args ...any) []ast.Stmt {
	list := parseStmts(t.pos, format, args...)
	block := &ast.BlockStmt{List: list}
	t.fill(block)
	return block.List
}

func (t tmpl) expr(format string, args ...any) ast.Expr {
	e := parseExpr(t.pos, format, args...)
	holder := &ast.ExprStmt{X: e}
	t.fill(holder)
	return holder.X
}

func (t tmpl) fill(n ast.Node) {
	ed := &editor{
		expr: func(e ast.Expr) ast.Expr {
			if id, ok := e.(*ast.Ident); ok {
				if r, ok := t.exprs[id.Name]; ok {
					return r
				}
			}
			return e
		},
		stmts: func(list []ast.Stmt) []ast.Stmt {
			var out []ast.Stmt
			for _, s := range list {
				if es, ok := s.(*ast.ExprStmt); ok {
					if id, ok := es.X.(*ast.Ident); ok {
						if r, ok := t.stmts[id.Name]; ok {
							out = append(out, r...)
							continue
						}
					}
				}
				out = append(out, s)
			}
			return out
		},
		// Do not descend into substituted user code.
		enter: func(n ast.Node) bool { return !t.isUser(n) },
	}
	ed.node(n)
}

func (t tmpl) isUser(n ast.Node) bool {
	for _, e := range t.exprs {
		if ast.Node(e) == n {
			return true
		}
	}
	for _, l := range t.stmts {
		for _, s := range l {
			if ast.Node(s) == n {
				return true
			}
		}
	}
	return false
}
