package gokernel

import (
	"go/ast"
	"go/token"
)

// Go evaluates the calls of an expression left to right; C++ leaves the order of most
// operands unspecified. A statement whose expressions make two calls with side effects
// (atomics, SyncSystem, device functions that write memory) would not translate faithfully,
// so the checker rejects it.

// markEffects works out which device functions have side effects, through calls.
func (p *program) markEffects() {
	effects := map[*function]bool{}
	for _, fn := range p.funcs {
		for _, w := range fn.written {
			if w {
				effects[fn] = true
			}
		}
		ast.Inspect(fn.decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				ci := p.classify(call)
				if ci.kind == callGPU && writesMemory(ci.name) {
					effects[fn] = true
				}
			}
			return true
		})
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range p.funcs {
			if effects[fn] {
				continue
			}
			for _, c := range fn.callees {
				if effects[c] {
					effects[fn], changed = true, true
					break
				}
			}
		}
	}
	for fn, e := range effects {
		fn.effects = e
	}
}

// effectCalls returns the calls with side effects in e. Where two unsequenced operands (of
// an operator, a call, an index, a literal) both make such calls, it calls conflict.
func (p *program) effectCalls(e ast.Expr, conflict func(a, b *ast.CallExpr)) []*ast.CallExpr {
	siblings := func(es ...ast.Expr) []*ast.CallExpr { return p.unsequencedCalls(es, conflict) }
	switch x := e.(type) {
	case nil:
		return nil
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			// sequenced in C++ too
			return append(p.effectCalls(x.X, conflict), p.effectCalls(x.Y, conflict)...)
		}
		return siblings(x.X, x.Y)
	case *ast.ParenExpr:
		return p.effectCalls(x.X, conflict)
	case *ast.UnaryExpr:
		return p.effectCalls(x.X, conflict)
	case *ast.IndexExpr:
		return siblings(x.X, x.Index)
	case *ast.CompositeLit:
		var els []ast.Expr
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			els = append(els, el)
		}
		return siblings(els...)
	case *ast.CallExpr:
		out := siblings(x.Args...) // arguments run before the call in both languages
		ci := p.classify(x)
		if (ci.kind == callGPU && writesMemory(ci.name)) ||
			(ci.kind == callDevice && ci.fn.effects) {
			out = append(out, x)
		}
		return out
	}
	return nil
}

// writesMemory reports whether the gpu function name has side effects on memory: the
// atomics, SyncSystem and Store4.
func writesMemory(name string) bool {
	return atomicOps[name] || name == "SyncSystem" || name == "Store4"
}

// unsequencedCalls returns the calls with side effects in es, operands whose order C++
// leaves unsequenced, calling conflict where two of them both make such calls.
func (p *program) unsequencedCalls(es []ast.Expr, conflict func(a, b *ast.CallExpr)) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, x := range es {
		c := p.effectCalls(x, conflict)
		if len(c) > 0 && len(out) > 0 {
			conflict(out[0], c[0])
		}
		out = append(out, c...)
	}
	return out
}

// checkOrder reports statements of fn whose calls with side effects C++ could reorder.
func (p *program) checkOrder(fn *function) ErrorList {
	var errs ErrorList
	check := func(at ast.Node, exprs ...ast.Expr) {
		reported := false
		conflict := func(a, b *ast.CallExpr) {
			if reported {
				return
			}
			reported = true
			errs = append(errs, p.errorAt(at.Pos(),
				"this statement calls %s and %s, which both have side effects, in operands whose order "+
					"Go fixes (left to right) but the CUDA translation can't: make them separate statements",
				exprString(a.Fun), exprString(b.Fun)))
		}
		p.unsequencedCalls(exprs, conflict)
	}
	ast.Inspect(fn.decl.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			check(s, append(append([]ast.Expr{}, s.Lhs...), s.Rhs...)...)
		case *ast.IncDecStmt:
			check(s, s.X)
		case *ast.ExprStmt:
			check(s, s.X)
		case *ast.ReturnStmt:
			check(s, s.Results...)
		case *ast.IfStmt:
			check(s.Cond, s.Cond)
		case *ast.ForStmt:
			if s.Cond != nil {
				check(s.Cond, s.Cond)
			}
		case *ast.RangeStmt:
			check(s.X, s.X)
		case *ast.SwitchStmt:
			if s.Tag != nil {
				check(s.Tag, s.Tag)
			}
		case *ast.CaseClause:
			for _, e := range s.List {
				check(e, e)
			}
		case *ast.ValueSpec:
			check(s, s.Values...)
		}
		return true
	})
	return errs
}
