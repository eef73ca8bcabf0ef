package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// mapIndexTuple rewrites an assignment of a two-valued expression (a call with two
// results, or the comma-ok forms x.(T), m[k], <-c) to two destinations of which one is a
// map element:
//
//	m[k], ok = e.(int)   becomes   _pb_mt1, _pb_mt2 := e.(int)
//	                               m[k], ok = _pb_mt1, _pb_mt2
//
// yaegi computed such an assignment into its destinations' slots, and a map element has
// none: the value was dropped and the map left unchanged, status ok. An assignment of two
// values to two destinations stores into a map as Go does. The operands of the index
// expressions on the left that could have effects (calls, receives) are evaluated first,
// into variables of their own, as Go evaluates them before the right side (the spec's
// assignment statements: "the operands of index expressions ... on the left and the
// expressions on the right are all evaluated in the usual order"). The ok of a comma-ok
// form is untyped: a destination of a named boolean type takes a conversion; a statement
// whose types the rewriter can't spell is left as it is.
func (x *cell) mapIndexTuple(as *ast.AssignStmt) []ast.Stmt {
	if as.Tok != token.ASSIGN || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil
	}
	toMap := false
	for _, l := range as.Lhs {
		if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
			if _, isMap := underlying(x.typeOf(ix.X)).(*types.Map); isMap {
				toMap = true
			}
		}
	}
	if !toMap {
		return nil
	}
	commaOk := false
	switch r := ast.Unparen(as.Rhs[0]).(type) {
	case *ast.TypeAssertExpr, *ast.IndexExpr:
		commaOk = true
	case *ast.UnaryExpr:
		commaOk = r.Op == token.ARROW
	case *ast.CallExpr:
	default:
		return nil
	}
	exprs := map[string]ast.Expr{"_pbX_rhs": as.Rhs[0]}
	var pre []string
	// bind evaluates an operand of the left side first, unless evaluating it later is
	// the same (a name, a constant, a field of a name).
	bind := func(e ast.Expr) string {
		ph := fmt.Sprintf("_pbX_o%d", len(exprs))
		exprs[ph] = e
		if x.settled(e) {
			return ph
		}
		v := x.tmp("mo")
		pre = append(pre, v+" := "+ph)
		return v
	}
	dests := make([]string, 2)
	for i, l := range as.Lhs {
		if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
			dests[i] = bind(ix.X) + "[" + bind(ix.Index) + "]"
			continue
		}
		ph := fmt.Sprintf("_pbX_l%d", i)
		exprs[ph] = l
		dests[i] = ph
	}
	v0, v1 := x.tmp("mt"), x.tmp("mt")
	value1 := v1
	if commaOk {
		if id, ok := as.Lhs[1].(*ast.Ident); !ok || id.Name != "_" {
			t := x.typeOf(as.Lhs[1])
			if t == nil {
				return nil
			}
			if !types.Identical(t, types.Typ[types.Bool]) && !types.IsInterface(t) {
				ts, ok := x.c.typeString(t)
				if !ok {
					return nil
				}
				value1 = ts + "(" + v1 + ")"
			}
		}
	}
	tm := tmpl{pos: as.Pos(), exprs: exprs}
	src := strings.Join(append(pre,
		v0+", "+v1+" := _pbX_rhs",
		dests[0]+", "+dests[1]+" = "+v0+", "+value1), "\n")
	return []ast.Stmt{&ast.BlockStmt{Lbrace: as.Pos(), List: tm.statements("%s", src), Rbrace: as.End()}}
}

// settled reports whether evaluating e later gives what evaluating it now does, whatever
// runs in between that the cell wrote as a call: a name, a constant, or a field or
// package member selected from one.
func (x *cell) settled(e ast.Expr) bool {
	if tv, ok := x.info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		if sel := x.info.Selections[e]; sel != nil && sel.Kind() != types.FieldVal {
			return false
		}
		return x.settled(e.X)
	}
	return false
}
