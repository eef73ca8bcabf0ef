package gokernel

// Compiling Go kernel statements for the CPU executor.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// --- statements ---

func (f *fc) block(list []ast.Stmt) {
	for _, s := range list {
		f.stmt(s)
	}
}

func (f *fc) stmt(s ast.Stmt) {
	label := f.label
	f.label = ""
	switch s := s.(type) {
	case nil, *ast.EmptyStmt:
	case *ast.BlockStmt:
		f.block(s.List)
	case *ast.LabeledStmt:
		f.label = s.Label.Name
		f.stmt(s.Stmt)
	case *ast.DeclStmt:
		f.declStmt(s.Decl.(*ast.GenDecl))
	case *ast.AssignStmt:
		f.assign(s)
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		pl := f.place(s.X)
		f.opAssign(pl, op, constantOf(constant.MakeInt64(1), pl.k), s)
	case *ast.ExprStmt:
		f.callStmt(ast.Unparen(s.X).(*ast.CallExpr))
	case *ast.IfStmt:
		f.stmt(s.Init)
		elseT, end := new(int), new(int)
		f.emitJumpUnless(f.expr(s.Cond), elseT)
		f.block(s.Body.List)
		if s.Else != nil {
			f.emitJump(end)
		}
		*elseT = len(f.code)
		f.stmt(s.Else)
		*end = len(f.code)
	case *ast.ForStmt:
		f.stmt(s.Init)
		ctx := &jumpCtx{label: label, brk: new(int), cont: new(int)}
		var cond ev[bool]
		if s.Cond != nil {
			c := f.expr(s.Cond)
			cond = c.e.(ev[bool])
			f.emitJumpUnless(c, ctx.brk)
		}
		body := len(f.code)
		f.ctx = append(f.ctx, ctx)
		f.block(s.Body.List)
		f.ctx = f.ctx[:len(f.ctx)-1]
		*ctx.cont = len(f.code)
		f.stmt(s.Post)
		// The back edge runs a one-step post statement, notices interrupts and tests the
		// condition, all in one step.
		var post instr
		if len(f.code) == *ctx.cont+1 {
			post = f.code[*ctx.cont]
			f.code = f.code[:*ctx.cont]
		}
		brk := ctx.brk
		f.emit(func(fr *frame) int {
			if post != nil {
				post(fr)
			}
			if fr.th.l.stop.Load() != 0 {
				panic(stopSignal{})
			}
			if cond == nil || cond(fr) {
				return body
			}
			return *brk
		})
		*ctx.brk = len(f.code)
	case *ast.RangeStmt:
		f.rangeStmt(s, label)
	case *ast.SwitchStmt:
		f.switchStmt(s, label)
	case *ast.BranchStmt:
		f.branch(s)
	case *ast.ReturnStmt:
		f.returnStmt(s)
	default:
		f.errorf(s.Pos(), "statement not supported by the simulator")
	}
}

func (f *fc) declStmt(g *ast.GenDecl) {
	if g.Tok != token.VAR {
		return // constants are folded; types are rejected by the checker
	}
	for _, spec := range g.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) == 1 && len(vs.Names) == 1 {
			if call, ok := vs.Values[0].(*ast.CallExpr); ok && f.sharedCall(vs.Names[0], call) {
				continue
			}
		}
		var lhs []ast.Expr
		for _, n := range vs.Names {
			lhs = append(lhs, n)
		}
		if len(vs.Values) == 0 {
			for _, n := range vs.Names {
				if v, ok := f.p.info.Defs[n].(*types.Var); ok && n.Name != "_" {
					s := f.define(v)
					f.emitZero(s, slots(v.Type()))
				}
			}
			continue
		}
		f.assignValues(lhs, vs.Values, true, vs)
	}
}

// define allocates the slots of a new local variable.
func (f *fc) define(v *types.Var) int {
	if s, ok := f.vars[v]; ok {
		return s
	}
	s := f.newSlots(slots(v.Type()))
	f.vars[v] = s
	return s
}

// sharedCall compiles name := gpu.Shared[T](n) (or DynamicShared) and reports whether
// call was one.
func (f *fc) sharedCall(name *ast.Ident, call *ast.CallExpr) bool {
	ci := f.p.classify(call)
	if ci.kind != callGPU || (ci.name != "Shared" && ci.name != "DynamicShared") {
		return false
	}
	v := f.p.info.Defs[name].(*types.Var)
	var decl *sharedDecl
	for _, d := range f.f.shared {
		if d.v == v {
			decl = d
		}
	}
	view := f.newView()
	f.views[v] = view
	j := len(f.kernel.shared)
	f.kernel.shared = append(f.kernel.shared, sharedLayout{view: view, elems: int(decl.n),
		elemSize: f.p.elemDType(decl.elem).Size()})
	next := f.next()
	f.emit(func(fr *frame) int {
		fr.s[view] = fr.th.blk.shared[j]
		return next
	})
	return true
}

func (f *fc) assign(s *ast.AssignStmt) {
	switch s.Tok {
	case token.ASSIGN, token.DEFINE:
		if s.Tok == token.DEFINE && len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			if call, ok := s.Rhs[0].(*ast.CallExpr); ok && f.sharedCall(s.Lhs[0].(*ast.Ident), call) {
				return
			}
		}
		f.assignValues(s.Lhs, s.Rhs, s.Tok == token.DEFINE, s)
	default:
		op := opAssignOps[s.Tok]
		pl := f.place(s.Lhs[0])
		f.opAssign(pl, op, f.expr(s.Rhs[0]), s)
	}
}

var opAssignOps = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}

// opAssign compiles pl op= rhs (and ++, --).
func (f *fc) opAssign(pl *place, op token.Token, rhs val, at ast.Node) {
	ops := opsByKind[pl.k]
	combine := func(old val) val {
		if op == token.SHL || op == token.SHR {
			return shiftOp(op, old, rhs, f.pos(at))
		}
		return binaryOp(op, old, rhs, f.pos(at))
	}
	if pl.kind == plLocal {
		f.emit(ops.store(pl, combine(ops.slot(pl.slot)), f.next()))
		return
	}
	tmp := f.newSlots(1)
	f.emit(ops.update(pl, tmp, combine(ops.slot(tmp)), f.next()))
}

// assignValues compiles lhs... = rhs... (define: lhs identifiers may be new).
func (f *fc) assignValues(lhs, rhs []ast.Expr, define bool, at ast.Node) {
	defineAll := func() {
		if !define {
			return
		}
		for _, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				if v, ok := f.p.info.Defs[id].(*types.Var); ok {
					f.define(v)
				}
			}
		}
	}
	if len(rhs) == 1 && len(lhs) > 1 {
		// a, b := f(x)
		call := ast.Unparen(rhs[0]).(*ast.CallExpr)
		callee := f.p.classify(call).fn
		run := f.deviceCall(call, callee)
		sf := f.function(callee)
		tmp := make([]int, len(lhs))
		sizes := make([]int, len(lhs))
		sig := callee.obj.Type().(*types.Signature)
		for i := range lhs {
			sizes[i] = slots(sig.Results().At(i).Type())
			tmp[i] = f.newSlots(sizes[i])
		}
		results, next := sf.results, f.next()
		f.emit(func(fr *frame) int {
			cf := run(fr)
			for i, r := range results {
				copy(fr.v[tmp[i]:tmp[i]+sizes[i]], cf.v[r:r+sizes[i]])
			}
			return next
		})
		defineAll()
		for i, l := range lhs {
			f.storeFromSlots(l, tmp[i], sig.Results().At(i).Type())
		}
		return
	}
	if len(lhs) == 1 {
		defineAll()
		f.storeExpr(lhs[0], rhs[0])
		return
	}
	// a, b = b, a: evaluate every value first.
	tmp := make([]int, len(rhs))
	for i, r := range rhs {
		t := f.p.typeOf(r)
		if _, isTuple := t.(*types.Tuple); isTuple || f.p.isThread(t) {
			f.errorf(r.Pos(), "unsupported multiple assignment")
			return
		}
		if isBlank(lhs[i]) {
			t = f.p.typeOf(r)
		} else {
			t = f.lhsType(lhs[i])
		}
		tmp[i] = f.newSlots(slots(t))
		f.storeValueTo(&place{kind: plLocal, k: f.p.kindOf(t), n: slots(t), slot: tmp[i]}, r, t)
	}
	defineAll()
	for i, l := range lhs {
		if !isBlank(l) {
			f.storeFromSlots(l, tmp[i], f.lhsType(l))
		}
	}
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

func (f *fc) lhsType(e ast.Expr) types.Type {
	if id, ok := e.(*ast.Ident); ok {
		if obj := f.p.info.ObjectOf(id); obj != nil {
			return obj.Type()
		}
	}
	return f.p.typeOf(e)
}

// storeExpr compiles lhs = rhs.
func (f *fc) storeExpr(lhs, rhs ast.Expr) {
	if isBlank(lhs) {
		t := f.p.typeOf(rhs)
		if isArray(t) {
			src, next := f.arraySrc(rhs), f.next()
			f.emit(func(fr *frame) int { src(fr); return next })
			return
		}
		v := f.expr(rhs)
		f.emit(opsByKind[v.k].discard(v, f.next()))
		return
	}
	f.storeValueTo(f.place(lhs), rhs, f.lhsType(lhs))
}

// storeValueTo stores the value of rhs (of type t) in pl.
func (f *fc) storeValueTo(pl *place, rhs ast.Expr, t types.Type) {
	if isArray(t) {
		src, n := f.arraySrc(rhs), slots(t)
		base, off, next := pl.slot, pl.off, f.next()
		f.emit(func(fr *frame) int {
			s := src(fr)
			d := base
			if off != nil {
				d += int(off(fr))
			}
			copy(fr.v[d:d+n], s)
			return next
		})
		return
	}
	v := f.expr(rhs)
	if v.k != pl.k {
		v = convert(v, pl.k)
	}
	f.emit(opsByKind[pl.k].store(pl, v, f.next()))
}

// storeFromSlots stores the value in slots tmp.. (of type t) to lhs.
func (f *fc) storeFromSlots(lhs ast.Expr, tmp int, t types.Type) {
	if isBlank(lhs) {
		return
	}
	pl := f.place(lhs)
	if isArray(t) {
		n, base, off, next := slots(t), pl.slot, pl.off, f.next()
		f.emit(func(fr *frame) int {
			d := base
			if off != nil {
				d += int(off(fr))
			}
			copy(fr.v[d:d+n], fr.v[tmp:tmp+n])
			return next
		})
		return
	}
	f.emit(opsByKind[pl.k].store(pl, opsByKind[pl.k].slot(tmp), f.next()))
}

func (f *fc) rangeStmt(s *ast.RangeStmt, label string) {
	xt := f.p.typeOf(s.X)
	lim, h := f.newSlots(1), f.newSlots(1)
	var elem *place
	if elemT := sliceElem(xt); elemT != nil {
		view := f.views[f.p.varOf(s.X)]
		next := f.next()
		f.emit(func(fr *frame) int {
			fr.v[lim] = uint64(fr.s[view].n)
			fr.v[h] = 0
			return next
		})
		k := f.p.kindOf(elemT)
		elem = &place{kind: plBuffer, k: k, n: 1, view: view, idx: opsByKind[kI64].slot(h).e.(ev[int64]),
			isx: h, peer: f.p.isPeer(xt), size: k.size(), pos: f.pos(s.X)}
	} else {
		n := convert(f.expr(s.X), kI64).e.(ev[int64])
		next := f.next()
		f.emit(func(fr *frame) int {
			fr.v[lim] = uint64(n(fr))
			fr.v[h] = 0
			return next
		})
	}
	ctx := &jumpCtx{label: label, brk: new(int), cont: new(int)}
	f.emitJumpUnless(exprVal(ev[bool](func(fr *frame) bool { return int64(fr.v[h]) < int64(fr.v[lim]) }), kBool), ctx.brk)
	top := len(f.code)
	if s.Tok == token.DEFINE {
		for _, e := range []ast.Expr{s.Key, s.Value} {
			if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
				f.define(f.p.info.Defs[id].(*types.Var))
			}
		}
	}
	if s.Key != nil && !isBlank(s.Key) {
		pl := f.place(s.Key)
		f.emit(opsByKind[pl.k].store(pl, convert(opsByKind[kI64].slot(h), pl.k), f.next()))
	}
	if s.Value != nil && !isBlank(s.Value) {
		pl := f.place(s.Value)
		f.emit(opsByKind[pl.k].store(pl, opsByKind[elem.k].load(elem), f.next()))
	}
	f.ctx = append(f.ctx, ctx)
	f.block(s.Body.List)
	f.ctx = f.ctx[:len(f.ctx)-1]
	*ctx.cont = len(f.code)
	brk := ctx.brk
	f.emit(func(fr *frame) int {
		fr.v[h]++
		if fr.th.l.stop.Load() != 0 {
			panic(stopSignal{})
		}
		if int64(fr.v[h]) < int64(fr.v[lim]) {
			return top
		}
		return *brk
	})
	*ctx.brk = len(f.code)
}

func (f *fc) switchStmt(s *ast.SwitchStmt, label string) {
	f.stmt(s.Init)
	var tag val
	if s.Tag != nil {
		t := f.p.typeOf(s.Tag)
		k := f.p.kindOf(t)
		if isUntyped(t) {
			k = f.p.kindOf(types.Default(t))
		}
		tmp := f.newSlots(1)
		pl := &place{kind: plLocal, k: k, n: 1, slot: tmp}
		v := f.expr(s.Tag)
		if v.k != k {
			v = convert(v, k)
		}
		f.emit(opsByKind[k].store(pl, v, f.next()))
		tag = opsByKind[k].slot(tmp)
	}
	clauses := s.Body.List
	bodies := make([]*int, len(clauses)+1)
	for i := range bodies {
		bodies[i] = new(int)
	}
	ctx := &jumpCtx{label: label, brk: new(int)}
	deflt := -1
	for i, cc := range clauses {
		cl := cc.(*ast.CaseClause)
		if cl.List == nil {
			deflt = i
		}
		for _, e := range cl.List {
			var cond val
			if s.Tag == nil {
				cond = f.expr(e)
			} else {
				v := f.expr(e)
				if v.k != tag.k {
					v = convert(v, tag.k)
				}
				cond = binaryOp(token.EQL, tag, v, f.pos(e))
			}
			f.emitJumpIf(cond, bodies[i])
		}
	}
	if deflt >= 0 {
		f.emitJump(bodies[deflt])
	} else {
		f.emitJump(ctx.brk)
	}
	f.ctx = append(f.ctx, ctx)
	for i, cc := range clauses {
		cl := cc.(*ast.CaseClause)
		*bodies[i] = len(f.code)
		body := cl.Body
		fallthru := false
		if n := len(body); n > 0 {
			if b, ok := body[n-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
				fallthru, body = true, body[:n-1]
			}
		}
		f.block(body)
		if fallthru {
			f.emitJump(bodies[i+1])
		} else {
			f.emitJump(ctx.brk)
		}
	}
	f.ctx = f.ctx[:len(f.ctx)-1]
	*bodies[len(clauses)] = len(f.code)
	*ctx.brk = len(f.code)
}

func (f *fc) branch(s *ast.BranchStmt) {
	for i := len(f.ctx) - 1; i >= 0; i-- {
		ctx := f.ctx[i]
		if s.Label != nil && ctx.label != s.Label.Name {
			continue
		}
		switch s.Tok {
		case token.BREAK:
			f.emitJump(ctx.brk)
			return
		case token.CONTINUE:
			if ctx.cont != nil {
				f.emitJump(ctx.cont)
				return
			}
		}
	}
	f.errorf(s.Pos(), "%s has no target", s.Tok)
}

func (f *fc) returnStmt(s *ast.ReturnStmt) {
	res := f.sf.results
	sig := f.f.obj.Type().(*types.Signature)
	switch {
	case len(s.Results) == 1 && len(res) > 1:
		// return g(x) with several results
		call := ast.Unparen(s.Results[0]).(*ast.CallExpr)
		callee := f.p.classify(call).fn
		run, sf := f.deviceCall(call, callee), f.function(callee)
		next := f.next()
		f.emit(func(fr *frame) int {
			cf := run(fr)
			for i, r := range sf.results {
				n := slots(sig.Results().At(i).Type())
				copy(fr.v[res[i]:res[i]+n], cf.v[r:r+n])
			}
			return next
		})
	case len(s.Results) == 1:
		t := sig.Results().At(0).Type()
		f.storeValueTo(&place{kind: plLocal, k: f.p.kindOf(t), n: slots(t), slot: res[0]}, s.Results[0], t)
	case len(s.Results) > 1:
		tmp := make([]int, len(s.Results))
		for i, r := range s.Results {
			t := sig.Results().At(i).Type()
			tmp[i] = f.newSlots(slots(t))
			f.storeValueTo(&place{kind: plLocal, k: f.p.kindOf(t), n: slots(t), slot: tmp[i]}, r, t)
		}
		next := f.next()
		f.emit(func(fr *frame) int {
			for i := range tmp {
				n := slots(sig.Results().At(i).Type())
				copy(fr.v[res[i]:res[i]+n], fr.v[tmp[i]:tmp[i]+n])
			}
			return next
		})
	}
	f.emitJump(f.end)
}

// callStmt compiles a call used as a statement.
func (f *fc) callStmt(call *ast.CallExpr) {
	ci := f.p.classify(call)
	switch {
	case ci.kind == callThread && ci.name == "Barrier":
		next := f.next()
		f.emit(func(fr *frame) int {
			if th := fr.th; len(th.sb.e) > 0 {
				th.drainUnfenced()
			}
			return ^next
		})
		return
	case ci.kind == callGPU && ci.name == "SyncSystem":
		next := f.next()
		f.emit(func(fr *frame) int {
			if sb := &fr.th.sb; len(sb.e) > 0 || sb.published {
				sb.drain()
			}
			return next
		})
		return
	case ci.kind == callDevice && len(ci.fn.results) != 1:
		run, next := f.deviceCall(call, ci.fn), f.next()
		f.emit(func(fr *frame) int { run(fr); return next })
		return
	case ci.kind == callDevice && isArray(ci.fn.results[0]),
		ci.kind == callGPU && ci.name == "Load4":
		src, next := f.arraySrc(call), f.next()
		f.emit(func(fr *frame) int { src(fr); return next })
		return
	case ci.kind == callGPU && ci.name == "Store4":
		f.store4(call)
		return
	}
	v := f.expr(call)
	f.emit(opsByKind[v.k].discard(v, f.next()))
}
