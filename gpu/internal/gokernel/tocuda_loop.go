package gokernel

// The Go-to-CUDA translation of loops: for, counted loops, range.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// loopLabels returns the C labels of a loop: after its body (for continue L) and after it
// (for break L); empty when the loop has no Go label.
func (g *cudaGen) pushLoop(s ast.Stmt, label string, isSwitch bool) *brkCtx {
	n := len(g.brk)
	ctx := brkCtx{stmt: s, label: label, isSwitch: isSwitch}
	if label != "" || isSwitch {
		base := g.tmp("L")
		if label != "" {
			base = "gk_" + label + "_" + strconv.Itoa(g.tmpN)
		}
		ctx.endLabel = base + "_break"
		ctx.contLbl = base + "_continue"
	}
	g.brk = append(g.brk, ctx)
	return &g.brk[n]
}

// loopBody writes a loop's body as a block, ends the loop's break context, and writes
// the continue label after the block where a continue jumps to it.
func (g *cudaGen) loopBody(body []ast.Stmt) brkCtx {
	g.block("{", nil, body)
	ctx := g.popLoop()
	if ctx.usedCont {
		g.line(ctx.contLbl+": ;", nil)
	}
	return ctx
}

func (g *cudaGen) popLoop() brkCtx {
	c := g.brk[len(g.brk)-1]
	g.brk = g.brk[:len(g.brk)-1]
	return c
}

func (g *cudaGen) forStmt(s *ast.ForStmt, label string) {
	open := s.Init != nil
	if open {
		g.line("{", s)
		g.indent++
		g.stmt(s.Init, "")
	}
	if c, ok := g.countedLoop(s); ok && g.counted < maxCountedNesting {
		// Go's integers wrap, so the loop's post statement is wrapping arithmetic, and a C++
		// compiler can't count the iterations of such a loop: it neither unrolls it nor keeps
		// several loads in flight. Where no wrap can happen (the guard), the same loop runs
		// with plain signed arithmetic, which it can count.
		g.line(fmt.Sprintf("if (%s) {  // the counter can't wrap: a loop the compiler can count", c.guard), nil)
		g.indent++
		g.counted++
		for ix, i := range c.inRange {
			g.idxOverride[ix] = i
		}
		g.loop(s, label, c.post)
		for ix := range c.inRange {
			delete(g.idxOverride, ix)
		}
		g.indent--
		g.line("} else {", nil)
		g.indent++
		g.loop(s, label, "")
		g.counted--
		g.indent--
		g.line("}", nil)
	} else {
		g.loop(s, label, "")
	}
	if open {
		g.indent--
		g.line("}", nil)
	}
}

// maxCountedNesting bounds how deep counted loops are written twice (fast and wrapping):
// each level doubles the code of the loops inside it, so the code of a loop nest grows at
// most fourfold.
const maxCountedNesting = 2

// loop writes the for statement s without its init; post, when not empty, replaces its post
// statement.
func (g *cudaGen) loop(s *ast.ForStmt, label, post string) {
	postOK := true
	if post == "" && s.Post != nil {
		post, postOK = g.simpleStmtExpr(s.Post)
	}
	cond := ""
	if s.Cond != nil {
		cond = g.expr(s.Cond)
	}
	g.pushLoop(s, label, false)
	if postOK {
		g.line(fmt.Sprintf("for (; %s; %s) {", cond, post), s)
	} else {
		g.line(fmt.Sprintf("for (; %s; ) {", cond), s)
	}
	g.indent++
	if !postOK {
		// the post statement is not an expression: run it after the body, and turn every
		// continue of this loop into a jump to it
		g.brk[len(g.brk)-1].contLbl = g.tmp("post")
		if g.brk[len(g.brk)-1].endLabel == "" {
			g.brk[len(g.brk)-1].endLabel = g.tmp("end")
		}
		g.brk[len(g.brk)-1].isSwitch = false
	}
	ctx := g.loopBody(s.Body.List)
	if !postOK {
		g.stmt(s.Post, "")
	}
	g.indent--
	g.line("}", nil)
	if ctx.usedEnd {
		g.line(ctx.endLabel+": ;", nil)
	}
}

// counted is a loop whose counter can be stepped in plain signed arithmetic when guard
// holds.
type counted struct {
	guard string // C++ condition under which the counter can't overflow
	post  string // the post statement in plain arithmetic
	// inRange is the buffer indexings by the counter that the guard also proves in range
	// (with bounds checks on): their index, unchecked.
	inRange map[*ast.IndexExpr]string
}

// countedLoop recognises a loop that counts a signed 32- or 64-bit integer variable up to or
// down to a bound by a step, both unchanged by the loop:
//
//	for ...; i < n; i += step {...}   (also <=, i++)
//	for ...; i > n; i -= step {...}   (also >=, i--)
//
// where the body does not assign i, take its address, or change n and step.
func (g *cudaGen) countedLoop(s *ast.ForStmt) (counted, bool) {
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if s.Cond == nil || !ok || s.Post == nil {
		return counted{}, false
	}
	id, ok := ast.Unparen(cond.X).(*ast.Ident)
	if !ok {
		return counted{}, false
	}
	v, ok := g.p.info.Uses[id].(*types.Var)
	if !ok {
		return counted{}, false
	}
	var max, min string
	switch g.p.kindOf(v.Type()) {
	case kI64:
		max, min = "9223372036854775807LL", "(-9223372036854775807LL - 1)"
	case kI32:
		max, min = "2147483647", "(-2147483647 - 1)"
	default:
		return counted{}, false
	}
	up := cond.Op == token.LSS || cond.Op == token.LEQ
	if !up && cond.Op != token.GTR && cond.Op != token.GEQ {
		return counted{}, false
	}
	var step ast.Expr
	switch p := s.Post.(type) {
	case *ast.IncDecStmt:
		if !g.isVar(p.X, v) || (p.Tok == token.INC) != up {
			return counted{}, false
		}
	case *ast.AssignStmt:
		if len(p.Lhs) != 1 || len(p.Rhs) != 1 || !g.isVar(p.Lhs[0], v) ||
			(up && p.Tok != token.ADD_ASSIGN) || (!up && p.Tok != token.SUB_ASSIGN) {
			return counted{}, false
		}
		step = p.Rhs[0]
	default:
		return counted{}, false
	}
	changed := g.changedIn(s.Body)
	if changed[v] || !g.invariant(cond.Y, changed) || (step != nil && !g.invariant(step, changed)) {
		return counted{}, false
	}
	name, ctype := g.name(v), g.ctype(v.Type())
	bound := g.value(cond.Y, v.Type())
	st := "1"
	if step != nil {
		st = g.value(step, v.Type())
	}
	c := counted{}
	if up {
		c.guard = fmt.Sprintf("(%s)%s > 0 && %s <= %s - (%s)%s", ctype, st, bound, max, ctype, st)
		c.post = fmt.Sprintf("%s += (%s)%s", name, ctype, st)
	} else {
		c.guard = fmt.Sprintf("(%s)%s > 0 && %s >= %s + (%s)%s", ctype, st, bound, min, ctype, st)
		c.post = fmt.Sprintf("%s -= (%s)%s", name, ctype, st)
	}
	if step == nil {
		c.guard = fmt.Sprintf("%s <= %s - 1", bound, max)
		c.post = "++" + name
		if !up {
			c.guard = fmt.Sprintf("%s >= %s + 1", bound, min)
			c.post = "--" + name
		}
	}
	if g.bounds {
		c.guard += g.rangeGuard(s.Body, v, cond.Op, bound, changed, &c)
	}
	return c, true
}

// rangeGuard finds the buffers that body indexes with the loop's counter v alone (x[i]) and
// doesn't change, and returns the conditions under which every such index is in range on
// every iteration, given the counter's value where the guard is evaluated (before the first
// iteration) and the loop condition `v op bound`: counting up, the values run from the
// first to the bound; counting down, from the bound to the first. The indexings go in
// c.inRange, so that the guarded loop leaves their checks out (loop versioning: the other
// copy of the loop keeps them, and reports the first index out of range as before).
func (g *cudaGen) rangeGuard(body *ast.BlockStmt, v *types.Var, op token.Token, bound string, changed map[*types.Var]bool, c *counted) string {
	lengths := map[string]bool{}
	var order []string
	ast.Inspect(body, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok || !g.isVar(ix.Index, v) {
			return true
		}
		sv := g.p.varOf(ix.X)
		sl, ok := g.slices[sv]
		if !ok || sv == nil || changed[sv] {
			return true
		}
		if c.inRange == nil {
			c.inRange = map[*ast.IndexExpr]string{}
		}
		c.inRange[ix] = g.convertTo(ix.Index, types.Typ[types.Int64])
		if !lengths[sl.length] {
			lengths[sl.length] = true
			order = append(order, sl.length)
		}
		return true
	})
	if len(order) == 0 {
		return ""
	}
	name := g.name(v)
	guard := ""
	switch op { // where the counter starts
	case token.LSS, token.LEQ:
		guard = fmt.Sprintf(" && %s >= 0", name)
	case token.GTR:
		guard = fmt.Sprintf(" && %s >= -1", bound)
	case token.GEQ:
		guard = fmt.Sprintf(" && %s >= 0", bound)
	}
	for _, length := range order { // where it ends
		switch op {
		case token.LSS: // first .. bound-1
			guard += fmt.Sprintf(" && (long long)%s <= %s", bound, length)
		case token.LEQ: // first .. bound
			guard += fmt.Sprintf(" && (long long)%s < %s", bound, length)
		default: // bound(+1) .. first
			guard += fmt.Sprintf(" && (long long)%s < %s", name, length)
		}
	}
	return guard
}

// isVar reports whether e is the variable v.
func (g *cudaGen) isVar(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && g.p.info.ObjectOf(id) == v
}

// changedIn returns the variables that body assigns, increments or takes the address of.
func (g *cudaGen) changedIn(body ast.Node) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				if v, ok := g.p.info.ObjectOf(x).(*types.Var); ok {
					out[v] = true
				}
				return
			case *ast.IndexExpr:
				if _, isArray := g.p.typeOf(x.X).Underlying().(*types.Array); !isArray {
					return // a buffer's element: the slice itself stays
				}
				e = x.X // an array element: the array changes
			case *ast.SelectorExpr:
				e = x.X
			default:
				return
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				mark(l)
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				mark(n.Key)
			}
			if n.Value != nil {
				mark(n.Value)
			}
		}
		return true
	})
	return out
}

// invariant reports whether e has the same value on every iteration of a loop whose body
// changes the variables in changed: constants, variables it doesn't change, len of them,
// the thread's geometry, and arithmetic and conversions of those.
func (g *cudaGen) invariant(e ast.Expr, changed map[*types.Var]bool) bool {
	if tv, ok := g.p.info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := g.p.info.ObjectOf(x).(*types.Var)
		return ok && !changed[v]
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
			return g.invariant(x.X, changed) && g.invariant(x.Y, changed)
		}
		return false
	case *ast.UnaryExpr:
		return (x.Op == token.SUB || x.Op == token.XOR) && g.invariant(x.X, changed)
	case *ast.SelectorExpr: // t.BlockDim.X and the like
		return g.threadGeometry(x)
	case *ast.CallExpr:
		if tv, ok := g.p.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return g.invariant(x.Args[0], changed) // a conversion
		}
		if b, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && len(x.Args) == 1 {
			if _, isBuiltin := g.p.info.Uses[b].(*types.Builtin); isBuiltin && b.Name == "len" {
				return g.invariant(x.Args[0], changed)
			}
		}
		ci := g.p.classify(x)
		return ci.kind == callThread && len(x.Args) == 0 && strings.HasPrefix(ci.name, "Stride")
	}
	return false
}

// threadGeometry reports whether e is a field of the gpu.Thread parameter's geometry
// (t.BlockDim.X, t.GridDim.Y, ...), which no thread changes.
func (g *cudaGen) threadGeometry(e *ast.SelectorExpr) bool {
	inner, ok := ast.Unparen(e.X).(*ast.SelectorExpr)
	if !ok || !g.p.isThread(g.p.typeOf(inner.X)) {
		return false
	}
	switch inner.Sel.Name {
	case "BlockDim", "GridDim":
		return true
	}
	return false
}

// simpleStmtExpr writes a simple statement as a C++ expression where it is one.
func (g *cudaGen) simpleStmtExpr(s ast.Stmt) (string, bool) {
	switch s := s.(type) {
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		if ix, ok := ast.Unparen(s.X).(*ast.IndexExpr); ok && !g.simpleIndex(ix.Index) {
			return "", false
		}
		return g.store(s.X, g.binop(op, g.expr(s.X), "1", g.p.typeOf(s.X), s)), true
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok == token.DEFINE {
			return "", false
		}
		if ix, ok := ast.Unparen(s.Lhs[0]).(*ast.IndexExpr); ok && !g.simpleIndex(ix.Index) {
			return "", false
		}
		if s.Tok == token.ASSIGN {
			return g.assignOne(s.Lhs[0], s.Rhs[0], false), true
		}
		return g.store(s.Lhs[0], g.binop(opAssignOps[s.Tok], g.expr(s.Lhs[0]), g.expr(s.Rhs[0]), g.p.typeOf(s.Lhs[0]), s)), true
	case *ast.ExprStmt:
		return g.expr(s.X), true
	}
	return "", false
}

func (g *cudaGen) rangeStmt(s *ast.RangeStmt, label string) {
	i, n := g.tmp("i"), g.tmp("n")
	xt := g.p.typeOf(s.X)
	var sl cslice
	isBuf := sliceElem(xt) != nil
	limit := ""
	if isBuf {
		sl, _ = g.sliceOf(s.X)
		limit = sl.length
	} else {
		limit = g.convertTo(s.X, types.Typ[types.Int64])
	}
	g.pushLoop(s, label, false)
	g.line(fmt.Sprintf("for (long long %s = 0, %s = %s; %s < %s; %s++) {", i, n, limit, i, n, i), s)
	g.indent++
	assign := func(e ast.Expr, v string, t types.Type) {
		if e == nil || isBlank(e) {
			return
		}
		if s.Tok == token.DEFINE {
			vr := g.p.info.Defs[e.(*ast.Ident)].(*types.Var)
			g.line(fmt.Sprintf("%s %s = %s;", g.ctype(vr.Type()), g.name(vr), v), nil)
			return
		}
		g.line(g.store(e, v)+";", nil)
	}
	if s.Key != nil {
		kt := g.lhsType(s.Key)
		if !isBlank(s.Key) {
			assign(s.Key, fmt.Sprintf("(%s)%s", g.ctype(kt), i), kt)
		}
	}
	if s.Value != nil && isBuf {
		v := fmt.Sprintf("%s[%s]", sl.ptr, i)
		if sl.peer {
			v = fmt.Sprintf("peerbook::load_volatile(%s + %s)", sl.ptr, i)
		}
		assign(s.Value, v, sl.elem)
	}
	ctx := g.loopBody(s.Body.List)
	g.indent--
	g.line("}", nil)
	if ctx.usedEnd {
		g.line(ctx.endLabel+": ;", nil)
	}
}
