package eval

import (
	"go/ast"
	"go/types"
	"sort"
)

// Package variables of a cell that run as statements (toplevel.go, hoistVarDecl): which
// must (callsGeneric), and the order of a grouped declaration's assignments.

// inInitOrder sorts the assignments of a grouped var declaration run as a statement
// (hoistVarDecl) in Go's initialisation order: var ( a = b + 1; b = 2 ) assigns b
// first. The check declares the variables in the package (varDecls), so go/types gives
// the order; where it doesn't know a variable, the order stays as written.
func (ct *cellTypes) inInitOrder(body []ast.Stmt) {
	if len(body) < 2 {
		return
	}
	rank := map[types.Object]int{}
	for i, init := range ct.info.InitOrder {
		for _, v := range init.Lhs {
			rank[v] = i
		}
	}
	key := make(map[ast.Stmt]int, len(body))
	for _, st := range body {
		k := -1
		for _, l := range st.(*ast.AssignStmt).Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				return
			}
			r, ok := rank[ct.objectOf(id)]
			if !ok {
				return
			}
			if k < 0 || r < k {
				k = r
			}
		}
		key[st] = k
	}
	sort.SliceStable(body, func(i, j int) bool { return key[body[i]] < key[body[j]] })
}

// callsGeneric reports whether a declaration calls generic code: a generic function or
// method (of the cell, the session or an interpreted package: slices, maps), or min or
// max (the rewriter makes them calls of generic functions). yaegi v0.16.1 cannot compile
// a package-level variable initialised so ("constant definition loop", or a panic while
// compiling); run as a statement, it can.
func (ct *cellTypes) callsGeneric(d ast.Decl) bool {
	if ct == nil || d == nil {
		return false
	}
	found := false
	ast.Inspect(d, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fun := ast.Unparen(call.Fun)
		switch f := fun.(type) {
		case *ast.IndexExpr:
			fun = f.X
		case *ast.IndexListExpr:
			fun = f.X
		}
		var id *ast.Ident
		switch f := fun.(type) {
		case *ast.Ident:
			id = f
		case *ast.SelectorExpr:
			id = f.Sel
		}
		if id == nil {
			return true
		}
		switch obj := ct.info.Uses[id].(type) {
		case *types.Builtin:
			found = obj.Name() == "min" || obj.Name() == "max"
		case *types.Func:
			if sig, ok := obj.Origin().Type().(*types.Signature); ok {
				found = sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0
			}
		}
		return !found
	})
	return found
}
