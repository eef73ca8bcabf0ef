package eval

import (
	"context"
	"go/ast"
	"strings"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval/internal/rewrite/rt"
)

// The cell's value: its last expression, evaluated after the rest of the cell ran and
// rendered (display.Render), and the request's user expressions.

// evalValue runs the cell's last expression and renders its value (nil when it has none).
func (s *Session) evalValue(ctx context.Context, c *cellState, x ast.Expr) (*display.Bundle, error) {
	pos := x.Pos()
	show := &ast.CallExpr{
		Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: "Show"}},
		Args:   []ast.Expr{x},
		Lparen: pos, Rparen: x.End(),
	}
	// (An expression, unlike a statement, is evaluated right in yaegi's global scope: no
	// function literal around it, see toplevel.go.)
	block := func(e ast.Expr) *ast.BlockStmt {
		return &ast.BlockStmt{Lbrace: pos, Rbrace: x.End(), List: []ast.Stmt{&ast.ExprStmt{X: e}}}
	}
	prog, err := s.compile(block(show), false)
	if err != nil {
		// No value (a call of a function without results), or a real error: compile the
		// expression alone to tell.
		prog, err = s.compile(block(x), false)
		if err != nil {
			return nil, err
		}
		return nil, s.run(ctx, c, prog)
	}
	c.mu.Lock()
	c.values, c.hasValue = nil, false
	c.mu.Unlock()
	if err := s.run(ctx, c, prog); err != nil {
		return nil, err
	}
	c.mu.Lock()
	vals, ok := c.values, c.hasValue
	c.mu.Unlock()
	if !ok {
		return nil, nil
	}
	if len(vals) == 1 {
		if _, isHandle := vals[0].(*display.Handle); isHandle {
			return nil, nil // display.Display(v) shows v; its handle is not worth showing
		}
	}
	b, err := s.renderValues(vals)
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// renderValues renders the values of an expression: one value as itself, several (a call
// with several results) as a tuple.
func (s *Session) renderValues(vals []any) (display.Bundle, error) {
	if len(vals) == 1 {
		return s.renderValue(vals[0])
	}
	parts := make([]string, len(vals))
	for i, v := range vals {
		b, err := s.renderValue(v)
		if err != nil {
			return display.Bundle{}, err
		}
		parts[i], _ = b.Data["text/plain"].(string)
	}
	return display.Text("(" + strings.Join(parts, ", ") + ")"), nil
}

// renderValue renders one value; its text is what fmt.Sprint in a cell would write
// (rt.Sprint), where the compiled fmt of display.Render would not see the methods and
// field names of the session's types (a []Money whose Money has a Format method showed
// as [1 250]).
func (s *Session) renderValue(v any) (display.Bundle, error) {
	b := renderValue(v)
	sess, ok := s.rw.(interface{ Session() string })
	if !ok || b.Data == nil {
		return b, nil
	}
	if _, rich := v.(display.Renderer); rich {
		return b, nil
	}
	if _, isErr := v.(error); isErr {
		return b, nil
	}
	text, ok, err := rt.Sprint(v, sess.Session())
	if err != nil {
		return display.Bundle{}, err
	}
	if ok {
		b.Data[display.MIMEText] = display.Render(text).Data[display.MIMEText] // cut as display cuts text
	}
	return b, nil
}

// userExpressions evaluates the request's user_expressions after the cell.
func (s *Session) userExpressions(ctx context.Context, c *cellState, exprs map[string]string) map[string]any {
	out := map[string]any{}
	for name, src := range exprs {
		b, err := s.evalExpression(ctx, c, src)
		if err != nil {
			e := asError(err)
			out[name] = map[string]any{"status": "error", "ename": e.Name, "evalue": e.Value, "traceback": e.Traceback}
			continue
		}
		if b == nil {
			t := display.Text("")
			b = &t
		}
		out[name] = map[string]any{"status": "ok", "data": b.Data, "metadata": b.Metadata}
	}
	return out
}

// evalExpression evaluates one expression in the session (user expressions).
func (s *Session) evalExpression(ctx context.Context, c *cellState, src string) (*display.Bundle, error) {
	pc, err := parseCell(s.in.FileSet(), c.serial, src)
	if err != nil {
		return nil, compileError(s, err)
	}
	if len(pc.items) != 1 {
		return nil, &Error{Name: NameCompile, Value: "a user expression must be one expression"}
	}
	es, ok := pc.items[0].stmt.(*ast.ExprStmt)
	if !ok {
		return nil, &Error{Name: NameCompile, Value: "a user expression must be an expression"}
	}
	return s.evalValue(ctx, c, es.X)
}
