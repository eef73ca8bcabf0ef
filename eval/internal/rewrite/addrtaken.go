package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Variables whose address is taken. gc keeps a local variable in registers (and so
// copies it where a conversion to an interface reads it, printorder.go) only when its
// address is never taken in its function, closures included (cmd/compile's
// ir.Name.Addrtaken, which ssa.CanSSA reads): &v, &v.f, a method with a pointer receiver
// called on v or taken as a value (v.M() is (&v).M()), and a slice of an array variable
// (v[:]) take it. Such a variable lives in memory and its conversion reads it when the
// call is made, after the calls of the other arguments: `fmt.Println(v, func() int {
// v.F += v.Inc(); return 0 }())`, Inc with a pointer receiver, prints v's new value.

// addressTaken returns the local variables whose address the cell's code takes, found
// on the cell as written (before the rewrite changes it).
func addressTaken(info *types.Info, roots []ast.Node) map[*types.Var]bool {
	taken := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if v := addrRootVar(info, e); v != nil {
			taken[v] = true
		}
	}
	for _, root := range roots {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					mark(n.X)
				}
			case *ast.SelectorExpr:
				sel := info.Selections[n]
				if sel == nil || sel.Kind() != types.MethodVal || sel.Indirect() {
					break
				}
				sig, ok := sel.Obj().Type().(*types.Signature)
				if !ok || sig.Recv() == nil {
					break
				}
				if _, ptrRecv := sig.Recv().Type().Underlying().(*types.Pointer); !ptrRecv {
					break
				}
				if t := info.TypeOf(n.X); t != nil {
					if _, isPtr := t.Underlying().(*types.Pointer); !isPtr {
						mark(n.X) // (&v).M
					}
				}
			case *ast.SliceExpr:
				if t := info.TypeOf(n.X); t != nil {
					if _, isArray := t.Underlying().(*types.Array); isArray {
						mark(n.X)
					}
				}
			}
			return true
		})
	}
	return taken
}

// addrRootVar returns the local variable whose memory e, an addressable operand, is part
// of (v, v.f, v[i] of an array v), nil when e reaches it through a pointer or a slice or
// is no local variable's.
func addrRootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok {
				v, ok = info.Defs[x].(*types.Var)
			}
			if !ok || v.Kind() != types.LocalVar {
				return nil
			}
			return v
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal || sel.Indirect() {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			t := info.TypeOf(x.X)
			if t == nil {
				return nil
			}
			if _, isArray := t.Underlying().(*types.Array); !isArray {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}
