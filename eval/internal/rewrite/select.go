package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// selectStmt replaces break and continue inside the cases of a select by goto
// statements: yaegi breaks out of the enclosing loop on a plain break in a select and
// can loop forever on a labelled one. A break of the select goes to a label right after
// it; a continue goes to a label at the end of the loop's body, a labelled break to a
// label right after the labelled statement (placed when that statement is rewritten,
// see placeLabels). Branches to a range-over-function loop are left to rangeFunc.
//
// It also makes each receive clause that assigns (`case x.a = <-c:`) define instead, see
// recvAssign.
func (x *cell) selectStmt(label *ast.Ident, st *ast.SelectStmt, loops []ast.Node) []ast.Stmt {
	for _, c := range st.Body.List {
		if cc, ok := c.(*ast.CommClause); ok {
			x.recvAssign(cc)
		}
	}
	binds := x.selectOperands(st)
	end := ""
	for _, c := range st.Body.List {
		walkBranches(c, false, false, func(s ast.Stmt, breakable, continuable bool) {
			if b, ok := s.(*ast.BranchStmt); ok {
				x.selectBranch(b, label, breakable, continuable, loops, &end)
			}
		})
	}
	if end == "" && binds == nil {
		return nil
	}
	out := []ast.Stmt{labeled(label, st)}
	if end != "" {
		out = append(out, emptyLabeled(end, st.End()))
	}
	if binds == nil {
		return out
	}
	return []ast.Stmt{&ast.BlockStmt{Lbrace: st.Select, List: append(binds, out...), Rbrace: st.End()}}
}

// selectOperands evaluates the channel operands of a select's receives and the channels
// and values of its sends once, in source order, before the select, as Go does (the
// spec's select statement, step 1): each is bound to a variable of a block around the
// statement, which the case then uses. yaegi evaluated them case by case as it tried
// them, so a call in a later case ran after an earlier case's operands were read, and
// the send `case c <- x:` sent the x that a later case's call had changed (Go's test
// fixedbugs/issue4313.go). Only a select with an operand that calls or receives is
// changed (otherwise the order cannot be seen); constants stay in place. It returns the
// bindings, nil when the select is left as it is (a type the rewriter can't spell).
func (x *cell) selectOperands(st *ast.SelectStmt) []ast.Stmt {
	type operand struct {
		at *ast.Expr  // where the operand sits in its case
		t  types.Type // the variable's type: the channel's, or a sent value's element type
	}
	var ops []operand
	effects := false
	add := func(at *ast.Expr, t types.Type) {
		if tv, ok := x.info.Types[*at]; ok && tv.Value != nil {
			return
		}
		ops = append(ops, operand{at, t})
		if x.callsOrReceives(*at) {
			effects = true
		}
	}
	recv := func(e *ast.Expr) {
		if u, ok := ast.Unparen(*e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			add(&u.X, x.typeOf(u.X))
		}
	}
	for _, c := range st.Body.List {
		cc, ok := c.(*ast.CommClause)
		if !ok || cc.Comm == nil {
			continue
		}
		switch comm := cc.Comm.(type) {
		case *ast.SendStmt:
			ct := x.typeOf(comm.Chan)
			add(&comm.Chan, ct)
			ch, ok := underlying(ct).(*types.Chan)
			if !ok {
				return nil
			}
			add(&comm.Value, ch.Elem())
		case *ast.ExprStmt:
			recv(&comm.X)
		case *ast.AssignStmt:
			if len(comm.Rhs) == 1 {
				recv(&comm.Rhs[0])
			}
		}
	}
	if !effects {
		return nil
	}
	var src strings.Builder
	tm := tmpl{pos: st.Select, exprs: map[string]ast.Expr{}}
	names := make([]string, len(ops))
	for i, op := range ops {
		if op.t == nil {
			return nil
		}
		ts, ok := x.c.typeString(op.t)
		if !ok {
			return nil
		}
		names[i] = x.tmp("sel")
		ph := fmt.Sprintf("_pbX_s%d", i)
		tm.exprs[ph] = *op.at
		fmt.Fprintf(&src, "var %s %s = %s\n", names[i], ts, ph)
	}
	binds := tm.statements("%s", src.String())
	for i, op := range ops {
		id := &ast.Ident{NamePos: (*op.at).Pos(), Name: names[i]}
		x.info.Types[id] = types.TypeAndValue{Type: op.t}
		*op.at = id
	}
	return binds
}

// recvAssign turns a receive clause that assigns into one that defines, the assignment
// moving to the start of the clause's body:
//
//	case x.a, ok = <-c:   becomes   case _pb_recv1, _pb_recv2 := <-c:
//	                                        x.a, ok = _pb_recv1, _pb_recv2
//
// Go evaluates the left-hand side only when the case is chosen (the spec's select
// statement, step 5); yaegi evaluated it before choosing (`case *f() = <-c1:` called f
// whatever case ran) and stored into a copy of a field or element (`case x.a = <-c:` left
// x.a unchanged, status ok). Its defining clauses are right (patch 51). An ok of a named
// boolean type takes a conversion; a clause whose types the rewriter can't spell is left
// as it is.
func (x *cell) recvAssign(cc *ast.CommClause) {
	as, ok := cc.Comm.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Rhs) != 1 || len(as.Lhs) > 2 {
		return
	}
	var defs []ast.Expr
	exprs := map[string]ast.Expr{}
	var dests, values []string
	for i, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
			defs = append(defs, &ast.Ident{NamePos: l.Pos(), Name: "_"})
			continue
		}
		name := x.tmp("recv")
		defs = append(defs, &ast.Ident{NamePos: l.Pos(), Name: name})
		value := name
		if i == 1 {
			t := x.typeOf(l)
			if t == nil {
				return
			}
			if !types.Identical(t, types.Typ[types.Bool]) && !types.IsInterface(t) {
				ts, ok := x.c.typeString(t)
				if !ok {
					return
				}
				value = ts + "(" + name + ")"
			}
		}
		placeholder := fmt.Sprintf("_pbX_recv%d", i)
		exprs[placeholder] = l
		dests = append(dests, placeholder)
		values = append(values, value)
	}
	if len(dests) == 0 {
		cc.Comm = &ast.ExprStmt{X: as.Rhs[0]}
		return
	}
	tm := tmpl{pos: as.Pos(), exprs: exprs}
	body := tm.statements("%s = %s", strings.Join(dests, ", "), strings.Join(values, ", "))
	cc.Comm = &ast.AssignStmt{Lhs: defs, TokPos: as.TokPos, Tok: token.DEFINE, Rhs: as.Rhs}
	cc.Body = append(body, cc.Body...)
}

// selectBranch turns one break or continue inside a select into a goto.
func (x *cell) selectBranch(b *ast.BranchStmt, label *ast.Ident, breakable, continuable bool, loops []ast.Node, end *string) {
	var target ast.Stmt
	switch {
	case b.Tok == token.BREAK && b.Label == nil:
		if breakable {
			return
		}
		if *end == "" {
			*end = x.tmp("selend")
		}
		toGoto(b, *end)
		return
	case b.Tok == token.BREAK && label != nil && b.Label.Name == label.Name:
		if *end == "" {
			*end = x.tmp("selend")
		}
		toGoto(b, *end)
		return
	case b.Tok == token.CONTINUE && b.Label == nil:
		if continuable || len(loops) == 0 {
			return
		}
		target = loops[0].(ast.Stmt)
	case b.Tok == token.BREAK || b.Tok == token.CONTINUE:
		// A labelled branch to an enclosing statement.
		l, ok := x.info.Uses[b.Label].(*types.Label)
		if !ok {
			return
		}
		target = x.labeledStmts[l]
	default:
		return
	}
	if target == nil || x.isRangeFunc(target) {
		return
	}
	pending := x.pendingBreak
	if b.Tok == token.CONTINUE {
		pending = x.pendingCont
	}
	name, ok := pending[target]
	if !ok {
		name = x.tmp("goto")
		pending[target] = name
	}
	toGoto(b, name)
}

func toGoto(b *ast.BranchStmt, label string) {
	b.Tok = token.GOTO
	b.Label = &ast.Ident{NamePos: b.TokPos, Name: label}
}

// emptyLabeled is `label: ;`.
func emptyLabeled(label string, pos token.Pos) ast.Stmt {
	return &ast.LabeledStmt{
		Label: &ast.Ident{NamePos: pos, Name: label},
		Colon: pos,
		Stmt:  &ast.EmptyStmt{Semicolon: pos, Implicit: true},
	}
}

// isRangeFunc reports whether a statement is a range over a function.
func (x *cell) isRangeFunc(s ast.Stmt) bool {
	rs, ok := s.(*ast.RangeStmt)
	if !ok {
		return false
	}
	_, isFunc := underlying(x.typeOf(rs.X)).(*types.Signature)
	return isFunc
}

// placeLabels adds the labels that selectStmt's gotos jump to: at the end of a loop's
// body for continue, after the statement for break. It is called with the loop before
// it is rewritten and returns the statements to add after the rewritten statement.
func (x *cell) placeLabels(inner ast.Stmt) []ast.Stmt {
	if name, ok := x.pendingCont[inner]; ok {
		var body *ast.BlockStmt
		switch l := inner.(type) {
		case *ast.ForStmt:
			body = l.Body
		case *ast.RangeStmt:
			body = l.Body
		}
		if body != nil {
			body.List = append(body.List, emptyLabeled(name, body.Rbrace))
		}
	}
	if name, ok := x.pendingBreak[inner]; ok {
		return []ast.Stmt{emptyLabeled(name, inner.End())}
	}
	return nil
}
