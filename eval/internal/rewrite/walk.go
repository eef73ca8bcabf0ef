package rewrite

import (
	"go/ast"
	"go/token"
	"reflect"
)

var (
	exprType    = reflect.TypeOf((*ast.Expr)(nil)).Elem()
	stmtType    = reflect.TypeOf((*ast.Stmt)(nil)).Elem()
	nodeType    = reflect.TypeOf((*ast.Node)(nil)).Elem()
	posType     = reflect.TypeOf(token.NoPos)
	objectType  = reflect.TypeOf((*ast.Object)(nil))
	scopeType   = reflect.TypeOf((*ast.Scope)(nil))
	commentType = reflect.TypeOf((*ast.CommentGroup)(nil))
)

// editor rewrites a tree bottom-up: children first, then the node itself.
//
//   - expr is called for every expression held in a field or slice of type ast.Expr
//     and may return a replacement;
//   - stmts is called for every statement list (block, case clause, comm clause) after
//     the statements in it were visited, and returns the new list;
//   - enter, if set, is called before a node's children; returning false skips them
//     (and leave);
//   - leave, if set, is called after a node's children.
type editor struct {
	expr  func(e ast.Expr) ast.Expr
	stmts func(list []ast.Stmt) []ast.Stmt
	enter func(n ast.Node) bool
	leave func(n ast.Node)
}

func (ed *editor) node(n ast.Node) {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return
	}
	if ed.enter != nil && !ed.enter(n) {
		return
	}
	v := reflect.ValueOf(n).Elem()
	if v.Kind() != reflect.Struct {
		return
	}
	for i := 0; i < v.NumField(); i++ {
		ed.field(v.Field(i))
	}
	if ed.leave != nil {
		ed.leave(n)
	}
}

func (ed *editor) field(f reflect.Value) {
	t := f.Type()
	switch {
	case t == objectType || t == scopeType || t == commentType:
	case t == exprType:
		if f.IsNil() {
			return
		}
		e := f.Interface().(ast.Expr)
		ed.node(e)
		if ed.expr != nil {
			if ne := ed.expr(e); ne != e {
				f.Set(reflect.ValueOf(&ne).Elem())
			}
		}
	case t.Kind() == reflect.Slice && t.Elem() == stmtType:
		list := f.Interface().([]ast.Stmt)
		for _, s := range list {
			ed.node(s)
		}
		if ed.stmts != nil {
			f.Set(reflect.ValueOf(ed.stmts(list)))
		}
	case t.Kind() == reflect.Slice && t.Elem() == exprType:
		for j := 0; j < f.Len(); j++ {
			ed.field(f.Index(j))
		}
	case t.Kind() == reflect.Slice && t.Elem().Implements(nodeType):
		for j := 0; j < f.Len(); j++ {
			if n, ok := f.Index(j).Interface().(ast.Node); ok {
				ed.node(n)
			}
		}
	case t.Implements(nodeType) && (t.Kind() == reflect.Interface || t.Kind() == reflect.Pointer):
		if !f.IsNil() {
			ed.node(f.Interface().(ast.Node))
		}
	}
}

// inspect calls f for every node of the tree in depth-first order, like ast.Inspect.
func inspect(n ast.Node, f func(ast.Node) bool) { ast.Inspect(n, f) }

// setPos sets every unset position in a generated tree to pos, so that the generated
// code reports errors at the user's line. Positions that are set (user code moved into
// generated code) are kept. CallExpr.Ellipsis is never set: it means "f(xs...)".
func setPos(n ast.Node, pos token.Pos) {
	if n == nil || !pos.IsValid() {
		return
	}
	ast.Inspect(n, func(m ast.Node) bool {
		v := reflect.ValueOf(m)
		if m == nil || v.Kind() != reflect.Pointer || v.IsNil() {
			return m != nil
		}
		s := v.Elem()
		if s.Kind() != reflect.Struct {
			return true
		}
		_, isCall := m.(*ast.CallExpr)
		for i := 0; i < s.NumField(); i++ {
			f := s.Field(i)
			if f.Type() != posType || !f.CanSet() || token.Pos(f.Int()).IsValid() {
				continue
			}
			if isCall && s.Type().Field(i).Name == "Ellipsis" {
				continue
			}
			f.SetInt(int64(pos))
		}
		return true
	})
}
