package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// opAssignDest rewrites an assignment operator whose destination is an element of a
// slice or an array, or a field through a pointer, and whose value has no call but an
// operation that may panic (`s[i] += a % b`): gc reads the destination, checking its
// index or pointer, before it evaluates such a value, where the interpreter evaluates
// the value first (patch 110 makes destinations late, as for `=`), so `s[0] += 5 % z`
// with s empty and z zero panicked dividing by zero, not on the index (gosmith seed
// 3086). The destination's address is taken first: `{ p := &s[i]; *p += a % b }`. A
// value with a call keeps the interpreter's order: gc runs the calls before it reads
// the destination.
func (x *cell) opAssignDest(as *ast.AssignStmt) []ast.Stmt {
	switch as.Tok {
	case token.ASSIGN, token.DEFINE:
		return nil
	}
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 || !x.checkedDest(as.Lhs[0]) {
		return nil
	}
	if !x.mayPanicWithoutCall(as.Rhs[0]) {
		return nil
	}
	p := x.tmp("dst")
	tm := tmpl{pos: as.Pos(), exprs: map[string]ast.Expr{"_pbX_dest": as.Lhs[0], "_pbX_value": as.Rhs[0]}}
	list := tm.statements("%s := &_pbX_dest\n*%s %s _pbX_value", p, p, as.Tok)
	return []ast.Stmt{&ast.BlockStmt{Lbrace: as.Pos(), List: list, Rbrace: as.End()}}
}

// checkedDest reports whether reading the destination e checks something that may
// panic and has an address: an index of a slice, an array or a pointer to an array,
// or a field selected through a pointer.
func (x *cell) checkedDest(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		switch underlying(x.typeOf(e.X)).(type) {
		case *types.Slice, *types.Pointer:
			return true
		case *types.Array:
			return x.addressable(e.X)
		}
	case *ast.SelectorExpr:
		sel := x.info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return false
		}
		_, ptr := underlying(x.typeOf(e.X)).(*types.Pointer)
		return ptr && len(sel.Index()) == 1
	}
	return false
}

// addressable reports whether e is a variable or made of one by indexes of arrays and
// field selections (so &e is valid Go).
func (x *cell) addressable(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := x.info.Uses[e].(*types.Var)
		return ok
	case *ast.IndexExpr:
		if _, ok := underlying(x.typeOf(e.X)).(*types.Array); ok {
			return x.addressable(e.X)
		}
		return true
	case *ast.SelectorExpr:
		sel := x.info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return false
		}
		if _, ptr := underlying(x.typeOf(e.X)).(*types.Pointer); ptr {
			return true
		}
		return x.addressable(e.X)
	case *ast.StarExpr:
		return true
	}
	return false
}

// mayPanicWithoutCall reports whether e has no call and an operation that may panic:
// an integer division or remainder, a shift, an index or slice expression, a pointer
// indirection or a type assertion.
func (x *cell) mayPanicWithoutCall(e ast.Expr) bool {
	calls, panics := false, false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, ok := x.info.Types[n.Fun]; !ok || !tv.IsType() {
				calls = true
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				if tv, ok := x.info.Types[n]; ok && tv.Value == nil {
					panics = true
				}
			}
		case *ast.IndexExpr, *ast.SliceExpr, *ast.StarExpr, *ast.TypeAssertExpr:
			if tv, ok := x.info.Types[n.(ast.Expr)]; ok && tv.Value == nil {
				panics = true
			}
		}
		return true
	})
	return panics && !calls
}
