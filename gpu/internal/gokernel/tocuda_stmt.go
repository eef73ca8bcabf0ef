package gokernel

// The Go-to-CUDA translation of statements (loops: tocuda_loop.go).

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// --- statements ---

func (g *cudaGen) stmts(list []ast.Stmt) {
	for _, s := range list {
		g.stmt(s, "")
	}
}

func (g *cudaGen) stmt(s ast.Stmt, label string) {
	switch s := s.(type) {
	case nil, *ast.EmptyStmt:
	case *ast.BlockStmt:
		g.block("{", s, s.List)
	case *ast.LabeledStmt:
		g.stmt(s.Stmt, s.Label.Name)
	case *ast.DeclStmt:
		g.declStmt(s)
	case *ast.AssignStmt:
		g.assign(s)
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		g.opAssign(s.X, op, "1", s)
	case *ast.ExprStmt:
		g.callStmt(ast.Unparen(s.X).(*ast.CallExpr), s)
	case *ast.IfStmt:
		g.ifStmt(s, false)
	case *ast.ForStmt:
		g.forStmt(s, label)
	case *ast.RangeStmt:
		g.rangeStmt(s, label)
	case *ast.SwitchStmt:
		g.switchStmt(s, label)
	case *ast.BranchStmt:
		g.branch(s)
	case *ast.ReturnStmt:
		g.returnStmt(s)
	default:
		g.errorf(s.Pos(), "statement not supported by the CUDA translation")
	}
}

func (g *cudaGen) declStmt(s *ast.DeclStmt) {
	gd := s.Decl.(*ast.GenDecl)
	if gd.Tok != token.VAR {
		return
	}
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) == 1 && g.isShared(vs.Values[0]) {
			continue // declared at the top of the body
		}
		if len(vs.Values) == 1 && len(vs.Names) > 1 {
			g.multiCall(identExprs(vs.Names), vs.Values[0], true, s)
			continue
		}
		for i, n := range vs.Names {
			v, _ := g.p.info.Defs[n].(*types.Var)
			if v == nil || n.Name == "_" {
				if i < len(vs.Values) {
					g.line(g.expr(vs.Values[i])+";", s)
				}
				continue
			}
			init := g.zero(v.Type())
			if i < len(vs.Values) {
				init = g.value(vs.Values[i], v.Type())
			}
			g.line(fmt.Sprintf("%s %s = %s;", g.ctype(v.Type()), g.name(v), init), s)
		}
	}
}

func identExprs(ids []*ast.Ident) []ast.Expr {
	out := make([]ast.Expr, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

func (g *cudaGen) isShared(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	ci := g.p.classify(call)
	return ci.kind == callGPU && (ci.name == "Shared" || ci.name == "DynamicShared")
}

func (g *cudaGen) assign(s *ast.AssignStmt) {
	switch s.Tok {
	case token.DEFINE, token.ASSIGN:
	default:
		g.opAssign(s.Lhs[0], opAssignOps[s.Tok], g.expr(s.Rhs[0]), s)
		return
	}
	if len(s.Rhs) == 1 && g.isShared(s.Rhs[0]) {
		return
	}
	if len(s.Lhs) > 1 && len(s.Rhs) == 1 {
		g.multiCall(s.Lhs, s.Rhs[0], s.Tok == token.DEFINE, s)
		return
	}
	if len(s.Lhs) == 1 {
		g.line(g.assignOne(s.Lhs[0], s.Rhs[0], s.Tok == token.DEFINE)+";", s)
		return
	}
	// a, b = b, a: evaluate every value first
	g.line("{", s)
	g.indent++
	tmps := make([]string, len(s.Rhs))
	for i, r := range s.Rhs {
		t := g.p.typeOf(r)
		if !isBlank(s.Lhs[i]) {
			t = g.lhsType(s.Lhs[i])
		}
		tmps[i] = g.tmp("v")
		g.line(fmt.Sprintf("%s %s = %s;", g.ctype(t), tmps[i], g.value(r, t)), nil)
	}
	var defs []string
	for i, l := range s.Lhs {
		if isBlank(l) {
			continue
		}
		if s.Tok == token.DEFINE {
			if v, ok := g.p.info.Defs[l.(*ast.Ident)].(*types.Var); ok && v != nil {
				defs = append(defs, fmt.Sprintf("%s %s;", g.ctype(v.Type()), g.name(v)))
			}
		}
		g.line(g.store(l, tmps[i])+";", nil)
	}
	g.indent--
	g.line("}", nil)
	if len(defs) > 0 {
		// declarations must outlive the block: emit them before it
		g.hoistDecls(defs)
	}
}

// hoistDecls moves declarations written after a block to before it (a multiple define
// needs its variables declared outside the block that computes them).
func (g *cudaGen) hoistDecls(defs []string) {
	text := g.b.String()
	// find the start of the last top-level "{" line we wrote
	ind := strings.Repeat("  ", g.indent)
	i := strings.LastIndex(text, "\n"+ind+"{")
	decl := ""
	for _, d := range defs {
		decl += ind + d + "\n"
	}
	g.b.Reset()
	g.b.WriteString(text[:i+1] + decl + text[i+1:])
}

func (g *cudaGen) lhsType(e ast.Expr) types.Type {
	if id, ok := e.(*ast.Ident); ok {
		if obj := g.p.info.ObjectOf(id); obj != nil {
			return obj.Type()
		}
	}
	return g.p.typeOf(e)
}

// assignOne is lhs = rhs (define: a declaration where lhs is new).
func (g *cudaGen) assignOne(lhs, rhs ast.Expr, define bool) string {
	if isBlank(lhs) {
		return "(void)(" + g.expr(rhs) + ")"
	}
	if define {
		if v, ok := g.p.info.Defs[lhs.(*ast.Ident)].(*types.Var); ok && v != nil {
			return fmt.Sprintf("%s %s = %s", g.ctype(v.Type()), g.name(v), g.value(rhs, v.Type()))
		}
	}
	return g.store(lhs, g.value(rhs, g.lhsType(lhs)))
}

// store is the C++ that stores the C++ value v in lhs.
func (g *cudaGen) store(lhs ast.Expr, v string) string {
	if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok {
		if s, ok := g.sliceOf(ix.X); ok {
			i := g.index(ix, s.length)
			if s.peer {
				return fmt.Sprintf("peerbook::store_volatile(%s + %s, %s)", s.ptr, i, v)
			}
			return fmt.Sprintf("%s[%s] = %s", s.ptr, i, v)
		}
	}
	return g.expr(lhs) + " = " + v
}

// opAssign is lhs op= rhs (rhs already C++).
func (g *cudaGen) opAssign(lhs ast.Expr, op token.Token, rhs string, at ast.Node) {
	t := g.p.typeOf(lhs)
	ix, isIndex := ast.Unparen(lhs).(*ast.IndexExpr)
	if isIndex && !g.simpleIndex(ix.Index) {
		// compute (and check) the index once
		g.line("{", at)
		g.indent++
		i := g.tmp("i")
		var checked string
		if sl, ok := g.sliceOf(ix.X); ok {
			checked = g.index(ix, sl.length)
		} else {
			checked = g.arrayIndex(ix)
		}
		g.line(fmt.Sprintf("long long %s = %s;", i, checked), nil)
		g.idxOverride[ix] = i
		g.line(g.store(lhs, g.binop(op, g.expr(lhs), rhs, t, at))+";", nil)
		delete(g.idxOverride, ix)
		g.indent--
		g.line("}", nil)
		return
	}
	g.line(g.store(lhs, g.binop(op, g.expr(lhs), rhs, t, at))+";", at)
}

// simpleIndex reports whether an index expression can be evaluated twice.
func (g *cudaGen) simpleIndex(e ast.Expr) bool {
	if g.p.info.Types[e].Value != nil {
		return true
	}
	_, isIdent := ast.Unparen(e).(*ast.Ident)
	return isIdent
}

// multiCall is a, b := f(x).
func (g *cudaGen) multiCall(lhs []ast.Expr, rhs ast.Expr, define bool, at ast.Node) {
	call := ast.Unparen(rhs).(*ast.CallExpr)
	callee := g.p.classify(call).fn
	for _, l := range lhs {
		if define && !isBlank(l) {
			if v, ok := g.p.info.Defs[l.(*ast.Ident)].(*types.Var); ok && v != nil {
				g.line(fmt.Sprintf("%s %s;", g.ctype(v.Type()), g.name(v)), nil)
			}
		}
	}
	g.line("{", at)
	g.indent++
	r := g.tmp("r")
	g.line(fmt.Sprintf("%s_result %s = %s;", g.fnNames[callee], r, g.expr(call)), nil)
	for i, l := range lhs {
		if !isBlank(l) {
			g.line(g.store(l, fmt.Sprintf("%s.r%d", r, i))+";", nil)
		}
	}
	g.indent--
	g.line("}", nil)
}

func (g *cudaGen) callStmt(call *ast.CallExpr, at ast.Node) {
	ci := g.p.classify(call)
	switch {
	case ci.kind == callThread && ci.name == "Barrier":
		g.line("__syncthreads();", at)
	case ci.kind == callGPU && ci.name == "SyncSystem":
		g.line("sync_system();", at)
	default:
		g.line(g.expr(call)+";", at)
	}
}

func (g *cudaGen) ifStmt(s *ast.IfStmt, isElse bool) {
	if s.Init != nil {
		if isElse {
			g.b.WriteString("{\n")
		} else {
			g.line("{", s)
		}
		g.indent++
		g.stmt(s.Init, "")
		g.line(fmt.Sprintf("if (%s) {", g.expr(s.Cond)), s)
	} else if isElse {
		g.b.WriteString(fmt.Sprintf("if (%s) {", g.expr(s.Cond)))
		ps := g.p.fset.Position(s.Pos())
		fmt.Fprintf(g.b, "  // %s:%d\n", ps.Filename, ps.Line)
	} else {
		g.line(fmt.Sprintf("if (%s) {", g.expr(s.Cond)), s)
	}
	g.indent++
	g.stmts(s.Body.List)
	g.indent--
	switch e := s.Else.(type) {
	case nil:
		g.line("}", nil)
	case *ast.IfStmt:
		g.b.WriteString(strings.Repeat("  ", g.indent) + "} else ")
		g.ifStmt(e, true)
	case *ast.BlockStmt:
		g.block("} else {", nil, e.List)
	}
	if s.Init != nil {
		g.indent--
		g.line("}", nil)
	}
}

func (g *cudaGen) switchStmt(s *ast.SwitchStmt, label string) {
	g.line("{", s)
	g.indent++
	if s.Init != nil {
		g.stmt(s.Init, "")
	}
	tag := ""
	var tagT types.Type
	if s.Tag != nil {
		tagT = g.p.typeOf(s.Tag)
		if isUntyped(tagT) {
			tagT = types.Default(tagT)
		}
		tag = g.tmp("tag")
		g.line(fmt.Sprintf("%s %s = %s;", g.ctype(tagT), tag, g.value(s.Tag, tagT)), nil)
	}
	ctx := g.pushLoop(s, label, true)
	end := ctx.endLabel
	clauses := s.Body.List
	bodyLabels := make([]string, len(clauses))
	for i := range clauses {
		bodyLabels[i] = fmt.Sprintf("%s_case%d", strings.TrimSuffix(end, "_break"), i)
	}
	// which bodies are fallthrough targets
	target := make([]bool, len(clauses))
	for i, cc := range clauses {
		body := cc.(*ast.CaseClause).Body
		if n := len(body); n > 0 {
			if b, ok := body[n-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH && i+1 < len(clauses) {
				target[i+1] = true
			}
		}
	}
	deflt := -1
	first := true
	emitBody := func(i int) {
		cl := clauses[i].(*ast.CaseClause)
		g.indent++
		if target[i] {
			g.line(bodyLabels[i]+": ;", nil)
		}
		body := cl.Body
		if n := len(body); n > 0 {
			if b, ok := body[n-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
				body = body[:n-1]
				g.stmts(body)
				g.line("goto "+bodyLabels[i+1]+";", b)
				g.indent--
				return
			}
		}
		g.stmts(body)
		g.indent--
	}
	for i, cc := range clauses {
		cl := cc.(*ast.CaseClause)
		if cl.List == nil {
			deflt = i
			continue
		}
		var conds []string
		for _, e := range cl.List {
			if s.Tag == nil {
				conds = append(conds, g.expr(e))
			} else {
				conds = append(conds, fmt.Sprintf("%s == %s", tag, g.value(e, tagT)))
			}
		}
		kw := "} else if"
		if first {
			kw = "if"
			first = false
		}
		g.line(fmt.Sprintf("%s (%s) {", kw, strings.Join(conds, " || ")), cl)
		emitBody(i)
	}
	if deflt >= 0 {
		if first {
			g.line("{", clauses[deflt])
		} else {
			g.line("} else {", clauses[deflt])
		}
		emitBody(deflt)
		g.line("}", nil)
	} else if !first {
		g.line("}", nil)
	}
	c := g.popLoop()
	g.indent--
	g.line("}", nil)
	if c.usedEnd {
		g.line(end+": ;", nil)
	}
}

func (g *cudaGen) branch(s *ast.BranchStmt) {
	if s.Tok == token.FALLTHROUGH {
		return // handled by switchStmt
	}
	for i := len(g.brk) - 1; i >= 0; i-- {
		c := &g.brk[i]
		if s.Label != nil && c.label != s.Label.Name {
			continue
		}
		if s.Tok == token.CONTINUE && c.isSwitch {
			continue
		}
		switch {
		case s.Tok == token.BREAK && (c.isSwitch || s.Label != nil):
			// C++ break would leave the innermost loop: jump past the switch or labelled loop
			c.usedEnd = true
			g.line("goto "+c.endLabel+";", s)
		case s.Tok == token.BREAK:
			g.line("break;", s)
		case c.contLbl != "":
			// continue of a labelled loop, or of one whose post statement is not an expression
			c.usedCont = true
			g.line("goto "+c.contLbl+";", s)
		default:
			g.line("continue;", s)
		}
		return
	}
	g.errorf(s.Pos(), "%s has no target", s.Tok)
}

func (g *cudaGen) returnStmt(s *ast.ReturnStmt) {
	f := g.f
	sig := f.obj.Type().(*types.Signature)
	switch {
	case len(s.Results) == 0 && len(f.results) > 0:
		var named []*types.Var
		for i := 0; i < sig.Results().Len(); i++ {
			named = append(named, sig.Results().At(i))
		}
		g.line(g.returnNamed(named), s)
	case len(s.Results) == 0:
		g.line("return;", s)
	case len(s.Results) == 1:
		g.line(fmt.Sprintf("return %s;", g.value(s.Results[0], f.results[0])), s)
	default:
		vals := make([]string, len(s.Results))
		for i, r := range s.Results {
			vals[i] = g.value(r, f.results[i])
		}
		g.line(fmt.Sprintf("return %s_result{%s};", g.fnNames[f], strings.Join(vals, ", ")), s)
	}
}

func (g *cudaGen) returnNamed(named []*types.Var) string {
	if len(named) == 1 {
		return "return " + g.name(named[0]) + ";"
	}
	vals := make([]string, len(named))
	for i, v := range named {
		vals[i] = g.name(v)
	}
	return fmt.Sprintf("return %s_result{%s};", g.fnNames[g.f], strings.Join(vals, ", "))
}
