package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// bindCall makes a defer or go statement evaluate its function value and arguments
// when the statement runs, as Go does (yaegi reads them late, when the deferred call
// runs):
//
//	defer f(a, b)   =>   defer func() func() { fn, x, y := f, a, b; return func() { fn(x, y) } }()()
//
// Constants, package functions and builtins are left inline. The receiver of a method
// call is evaluated at the statement too: a value receiver is copied, a pointer method
// on an addressable value binds its address. make builds the new statement from a call.
func (x *cell) bindCall(call *ast.CallExpr, pos token.Pos, make func(*ast.CallExpr) ast.Stmt) []ast.Stmt {
	fun := ast.Unparen(call.Fun)
	// Builtins: recover must stay a direct call; the others take plain arguments.
	if id, ok := fun.(*ast.Ident); ok {
		if _, builtin := x.info.Uses[id].(*types.Builtin); builtin && id.Name == "recover" {
			return nil
		}
	}
	tm := tmpl{pos: pos, exprs: map[string]ast.Expr{}}
	var binds, vals []string
	bind := func(e ast.Expr, prefix string) string {
		ph := fmt.Sprintf("_pbX_b%d", len(binds))
		tm.exprs[ph] = e
		v := x.tmp(prefix)
		binds = append(binds, v)
		vals = append(vals, ph)
		return v
	}
	// The function value.
	var callee string
	switch f := fun.(type) {
	case *ast.Ident:
		switch x.info.Uses[f].(type) {
		case *types.Func, *types.Builtin, *types.TypeName:
			callee = f.Name
		default:
			callee = bind(f, "fn")
		}
	case *ast.SelectorExpr:
		sel := x.info.Selections[f]
		switch {
		case sel == nil:
			// A qualified identifier: a package function.
			tm.exprs["_pbX_callee"] = f
			callee = "_pbX_callee"
		case sel.Kind() == types.MethodVal:
			recv := f.X
			sig, _ := sel.Obj().Type().(*types.Signature)
			if sig == nil || sig.Recv() == nil {
				return nil
			}
			_, ptrRecv := sig.Recv().Type().(*types.Pointer)
			_, isIface := sig.Recv().Type().Underlying().(*types.Interface)
			_, recvIsPtr := underlying(x.typeOf(recv)).(*types.Pointer)
			switch {
			case isIface || len(sel.Index()) > 1:
				// Interface method, or promoted through embedding: bind the operand.
			case ptrRecv && !recvIsPtr:
				recv = &ast.UnaryExpr{OpPos: recv.Pos(), Op: token.AND, X: recv}
			case !ptrRecv && recvIsPtr:
				recv = &ast.StarExpr{Star: recv.Pos(), X: recv}
			}
			callee = bind(recv, "recv") + "." + f.Sel.Name
		case sel.Kind() == types.FieldVal:
			callee = bind(f, "fn")
		default:
			return nil
		}
	default:
		callee = bind(f, "fn")
	}
	// The arguments.
	var args []string
	for _, a := range call.Args {
		if tv, ok := x.info.Types[a]; ok && tv.Value != nil {
			ph := fmt.Sprintf("_pbX_c%d", len(args))
			tm.exprs[ph] = a
			args = append(args, ph)
			continue
		}
		if tup, ok := x.typeOf(a).(*types.Tuple); ok && len(call.Args) == 1 {
			// f(g()) with several results.
			var names []string
			for i := 0; i < tup.Len(); i++ {
				names = append(names, x.tmp("a"))
			}
			ph := "_pbX_multi"
			tm.exprs[ph] = a
			binds = append(binds, strings.Join(names, ", "))
			vals = append(vals, ph)
			args = append(args, names...)
			continue
		}
		args = append(args, bind(a, "a"))
	}
	if len(binds) == 0 {
		return nil
	}
	ellipsis := ""
	if call.Ellipsis.IsValid() {
		ellipsis = "..."
	}
	// Several results bound at once need their own statement.
	var stmts []string
	for i, b := range binds {
		stmts = append(stmts, fmt.Sprintf("%s := %s", b, vals[i]))
	}
	inner := tm.expr("func() func() { %s; return func() { %s(%s%s) } }()",
		strings.Join(stmts, "; "), callee, strings.Join(args, ", "), ellipsis)
	return []ast.Stmt{make(&ast.CallExpr{Fun: inner, Lparen: call.Lparen, Rparen: call.Rparen})}
}
