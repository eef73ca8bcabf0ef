package gokernel

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/half"
)

// simFunc is a compiled kernel or device function.
type simFunc struct {
	name    string
	code    []instr
	nv, ns  int        // scalar slots and views its frame needs
	params  []simParam // parameters without the gpu.Thread, in order
	results []int      // first slot of each result
}

type simParam struct {
	view bool // a buffer: a view index; else a slot
	slot int
	n    int // slots
	k    kind
}

// simKernel is a kernel compiled for the simulator.
type simKernel struct {
	name    string
	fn      *simFunc
	params  []kernelParam
	barrier bool
	shared  []sharedLayout
}

type kernelParam struct {
	buffer, peer bool
	slot         int // view index for buffers, slot for scalars
	k            kind
	dtype        backend.DType
}

// sharedLayout is one shared-memory declaration of a kernel.
type sharedLayout struct {
	view     int // view index in the kernel's frame
	elems    int // -1: dynamic shared memory
	elemSize int
}

type compiler struct {
	p      *program
	funcs  map[*function]*simFunc
	kernel *simKernel
	errs   ErrorList
}

// fc compiles one function.
type fc struct {
	*compiler
	f      *function
	sf     *simFunc
	vars   map[*types.Var]int // first slot of scalars and arrays
	views  map[*types.Var]int // buffers and shared memory
	code   []instr
	nv, ns int
	ctx    []*jumpCtx
	label  string // label of the statement being compiled
	end    *int   // the function's end
}

// jumpCtx is an enclosing for, range or switch: where break and continue go.
type jumpCtx struct {
	label string
	brk   *int
	cont  *int // nil for a switch
}

// compileSim compiles a checked kernel to closures.
func compileSim(p *program, fn *function) (sk *simKernel, err error) {
	c := &compiler{p: p, funcs: map[*function]*simFunc{}}
	sk = &simKernel{name: fn.name, barrier: fn.barrier}
	c.kernel = sk
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gokernel: internal error compiling %s: %v", fn.name, r)
		}
	}()
	sf := c.function(fn)
	if len(c.errs) > 0 {
		return nil, c.errs.Sorted()
	}
	sk.fn = sf
	for i, v := range fn.params {
		sp := sf.params[i]
		kp := kernelParam{slot: sp.slot, k: sp.k}
		if elem := sliceElem(v.Type()); elem != nil {
			kp.buffer, kp.peer, kp.dtype = true, p.isPeer(v.Type()), p.elemDType(elem)
		} else {
			kp.dtype = p.elemDType(v.Type())
		}
		sk.params = append(sk.params, kp)
	}
	return sk, nil
}

func (c *compiler) errorf(pos token.Pos, format string, args ...any) {
	c.errs = append(c.errs, c.p.errorAt(pos, format, args...))
}

// function compiles fn once per kernel (recursive calls find it in c.funcs).
func (c *compiler) function(fn *function) *simFunc {
	if sf := c.funcs[fn]; sf != nil {
		return sf
	}
	sf := &simFunc{name: fn.name}
	c.funcs[fn] = sf
	f := &fc{compiler: c, f: fn, sf: sf, vars: map[*types.Var]int{}, views: map[*types.Var]int{}, end: new(int)}
	for _, v := range fn.params {
		if sliceElem(v.Type()) != nil {
			f.views[v] = f.newView()
			sf.params = append(sf.params, simParam{view: true, slot: f.views[v]})
			continue
		}
		n := slots(v.Type())
		s := f.newSlots(n)
		f.vars[v] = s
		sf.params = append(sf.params, simParam{slot: s, n: n, k: c.p.kindOf(v.Type())})
	}
	sig := fn.obj.Type().(*types.Signature)
	for i := 0; i < sig.Results().Len(); i++ {
		r := sig.Results().At(i)
		n := slots(r.Type())
		s := f.newSlots(n)
		sf.results = append(sf.results, s)
		if r.Name() != "" && r.Name() != "_" {
			f.vars[r] = s
			f.emitZero(s, n)
		}
	}
	f.block(fn.decl.Body.List)
	*f.end = len(f.code)
	sf.code = f.code
	sf.nv, sf.ns = f.nv, f.ns
	return sf
}

func (f *fc) newSlots(n int) int {
	s := f.nv
	f.nv += n
	return s
}

func (f *fc) newView() int {
	s := f.ns
	f.ns++
	return s
}

func (f *fc) pos(n ast.Node) string { return f.p.pos(n.Pos()) }

func (f *fc) next() int { return len(f.code) + 1 }

func (f *fc) emit(i instr) { f.code = append(f.code, i) }

func (f *fc) emitJump(target *int) {
	f.emit(func(*frame) int { return *target })
}

// emitJumpUnless continues when cond holds, else jumps to target.
func (f *fc) emitJumpUnless(cond val, target *int) {
	if cond.jump != nil {
		f.emit(cond.jump(target, f.next(), true))
		return
	}
	c, next := cond.e.(ev[bool]), f.next()
	f.emit(func(fr *frame) int {
		if c(fr) {
			return next
		}
		return *target
	})
}

// emitJumpIf jumps to target when cond holds.
func (f *fc) emitJumpIf(cond val, target *int) {
	if cond.jump != nil {
		f.emit(cond.jump(target, f.next(), false))
		return
	}
	c, next := cond.e.(ev[bool]), f.next()
	f.emit(func(fr *frame) int {
		if c(fr) {
			return *target
		}
		return next
	})
}

func (f *fc) emitZero(slot, n int) {
	next := f.next()
	f.emit(func(fr *frame) int {
		clear(fr.v[slot : slot+n])
		return next
	})
}

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

// --- places ---

func (f *fc) place(e ast.Expr) *place {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := f.p.info.ObjectOf(x).(*types.Var)
		s, ok := f.vars[v]
		if !ok {
			s = f.define(v)
		}
		return &place{kind: plLocal, k: f.p.kindOf(v.Type()), n: slots(v.Type()), slot: s}
	case *ast.IndexExpr:
		xt := f.p.typeOf(x.X)
		if elem := sliceElem(xt); elem != nil {
			v := f.p.varOf(x.X)
			k := f.p.kindOf(elem)
			idx := f.expr(x.Index)
			pl := &place{kind: plBuffer, k: k, n: 1, view: f.views[v], peer: f.p.isPeer(xt),
				size: k.size(), pos: f.pos(x), isx: -1}
			if idx.k == kI64 && idx.slot >= 0 {
				pl.isx = idx.slot
			}
			pl.idx = convert(idx, kI64).e.(ev[int64])
			return pl
		}
		arr := xt.Underlying().(*types.Array)
		base := f.place(x.X)
		stride := slots(arr.Elem())
		elemK := kInvalid
		if !isArray(arr.Elem()) {
			elemK = f.p.kindOf(arr.Elem())
		}
		idx := f.expr(x.Index)
		n := arr.Len()
		if idx.cst != nil {
			i := convert(idx, kI64).cst.(int64)
			if base.kind == plLocal {
				return &place{kind: plLocal, k: elemK, n: stride, slot: base.slot + int(i)*stride}
			}
			prev := base.off
			return &place{kind: plArray, k: elemK, n: stride, slot: base.slot + int(i)*stride, off: prev}
		}
		ix := convert(idx, kI64).e.(ev[int64])
		pos := f.pos(x)
		var off ev[int64]
		if prev := base.off; prev != nil {
			off = func(fr *frame) int64 {
				i := ix(fr)
				if uint64(i) >= uint64(n) {
					panicIndex(i, int(n), pos)
				}
				return prev(fr) + i*int64(stride)
			}
		} else {
			off = func(fr *frame) int64 {
				i := ix(fr)
				if uint64(i) >= uint64(n) {
					panicIndex(i, int(n), pos)
				}
				return i * int64(stride)
			}
		}
		return &place{kind: plArray, k: elemK, n: stride, slot: base.slot, off: off}
	}
	f.errorf(e.Pos(), "can't assign to this expression")
	return &place{kind: plLocal, k: kI64, slot: f.newSlots(1)}
}

// arraySrc compiles an array-valued expression to a function returning its slots.
func (f *fc) arraySrc(e ast.Expr) func(fr *frame) []uint64 {
	t := f.p.typeOf(e)
	n := slots(t)
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.IndexExpr:
		pl := f.place(x)
		base, off := pl.slot, pl.off
		if off == nil {
			return func(fr *frame) []uint64 { return fr.v[base : base+n] }
		}
		return func(fr *frame) []uint64 {
			d := base + int(off(fr))
			return fr.v[d : d+n]
		}
	case *ast.CallExpr:
		ci := f.p.classify(x)
		if ci.kind == callConversion {
			return f.arraySrc(x.Args[0])
		}
		if ci.kind == callGPU && ci.name == "Load4" {
			return f.load4(x)
		}
		run := f.deviceCall(x, ci.fn)
		r := f.function(ci.fn).results[0]
		return func(fr *frame) []uint64 {
			cf := run(fr)
			return cf.v[r : r+n]
		}
	case *ast.CompositeLit:
		tmp := f.newSlots(n)
		arr := t.Underlying().(*types.Array)
		stride := slots(arr.Elem())
		var sets []func(fr *frame)
		i := int64(0)
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				kc := f.p.info.Types[kv.Key].Value
				i, _ = constant.Int64Val(constant.ToInt(kc))
				el = kv.Value
			}
			dst := tmp + int(i)*stride
			if isArray(arr.Elem()) {
				src := f.arraySrc(el)
				sets = append(sets, func(fr *frame) { copy(fr.v[dst:dst+stride], src(fr)) })
			} else {
				v := f.expr(el)
				k := f.p.kindOf(arr.Elem())
				if v.k != k {
					v = convert(v, k)
				}
				set := opsByKind[k].toSlot(dst, v)
				sets = append(sets, func(fr *frame) { set(fr, fr) })
			}
			i++
		}
		return func(fr *frame) []uint64 {
			clear(fr.v[tmp : tmp+n])
			for _, s := range sets {
				s(fr)
			}
			return fr.v[tmp : tmp+n]
		}
	}
	f.errorf(e.Pos(), "unsupported array expression")
	return func(fr *frame) []uint64 { return make([]uint64, n) }
}

// --- expressions ---

func (f *fc) expr(e ast.Expr) val {
	tv := f.p.info.Types[e]
	k := f.p.kindOf(tv.Type)
	if tv.Value != nil {
		if isUntyped(tv.Type) {
			k = f.p.kindOf(types.Default(tv.Type))
		}
		return constantOf(tv.Value, k)
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return f.expr(x.X)
	case *ast.Ident:
		v := f.p.info.ObjectOf(x).(*types.Var)
		return opsByKind[k].slot(f.vars[v])
	case *ast.UnaryExpr:
		a := f.expr(x.X)
		if x.Op == token.ADD {
			return a
		}
		return unaryOp(x.Op, a)
	case *ast.BinaryExpr:
		return f.binary(x, k)
	case *ast.IndexExpr:
		pl := f.place(x)
		return opsByKind[pl.k].load(pl)
	case *ast.SelectorExpr:
		if which, axis, ok := f.p.threadField(x); ok {
			return exprVal(ev[int64](func(fr *frame) int64 { return fr.th.idx[which][axis] }), kI64)
		}
	case *ast.CallExpr:
		return f.call(x, k)
	}
	f.errorf(e.Pos(), "expression not supported by the simulator")
	return zeroVal(kI64)
}

func (f *fc) binary(x *ast.BinaryExpr, k kind) val {
	pos := f.pos(x)
	switch x.Op {
	case token.SHL, token.SHR:
		a := f.expr(x.X)
		if a.k != k {
			a = convert(a, k)
		}
		return shiftOp(x.Op, a, f.expr(x.Y), pos)
	}
	a, b := f.expr(x.X), f.expr(x.Y)
	if a.k != b.k {
		// one side is an untyped constant that go/types left with its default type
		if a.cst != nil {
			a = constConvert(a, b.k)
		} else {
			b = constConvert(b, a.k)
		}
	}
	return binaryOp(x.Op, a, b, pos)
}

// constConvert converts a constant val to kind k.
func constConvert(v val, k kind) val {
	if v.cst == nil {
		return convert(v, k)
	}
	switch c := v.cst.(type) {
	case bool:
		return constVal(c, kBool)
	case float32:
		return constantOf(constant.MakeFloat64(float64(c)), k)
	case float64:
		return constantOf(constant.MakeFloat64(c), k)
	}
	return convert(v, k)
}

func (f *fc) call(x *ast.CallExpr, k kind) val {
	ci := f.p.classify(x)
	switch ci.kind {
	case callConversion:
		a := f.expr(x.Args[0])
		if a.k == k || k == kBool {
			a.k = k
			return a
		}
		return convert(a, k)
	case callBuiltin:
		return f.builtin(x, ci.name, k)
	case callMath:
		return f.mathCall(x, ci.name)
	case callGPU:
		return f.gpuCall(x, ci.name, k)
	case callThread:
		switch ci.name {
		case "GlobalX", "GlobalY", "GlobalZ":
			a := int(ci.name[6] - 'X')
			return exprVal(ev[int64](func(fr *frame) int64 {
				th := fr.th
				return th.idx[1][a]*th.idx[2][a] + th.idx[0][a]
			}), kI64)
		case "StrideX":
			return exprVal(ev[int64](func(fr *frame) int64 { return fr.th.idx[3][0] * fr.th.idx[2][0] }), kI64)
		}
	case callHalf:
		h := f.expr(x.Fun.(*ast.SelectorExpr).X).e.(ev[uint16])
		if types.Identical(f.p.typeOf(x.Fun.(*ast.SelectorExpr).X), f.p.f16Type) {
			return exprVal(ev[float32](func(fr *frame) float32 { return half.F16ToF32(h(fr)) }), kF32)
		}
		return exprVal(ev[float32](func(fr *frame) float32 { return half.BF16ToF32(h(fr)) }), kF32)
	case callDevice:
		run := f.deviceCall(x, ci.fn)
		return opsByKind[k].result(run, f.function(ci.fn).results[0])
	}
	f.errorf(x.Pos(), "call not supported by the simulator")
	return zeroVal(kI64)
}

func (f *fc) builtin(x *ast.CallExpr, name string, k kind) val {
	switch name {
	case "len", "cap":
		at := f.p.typeOf(x.Args[0])
		if arr, ok := at.Underlying().(*types.Array); ok {
			return constVal(arr.Len(), kI64)
		}
		view := f.views[f.p.varOf(x.Args[0])]
		return exprVal(ev[int64](func(fr *frame) int64 { return int64(fr.s[view].n) }), kI64)
	case "min", "max":
		var acc val
		for i, a := range x.Args {
			v := constConvert(f.expr(a), k)
			if i == 0 {
				acc = v
				continue
			}
			acc = minMax(name == "max", acc, v)
		}
		return acc
	}
	f.errorf(x.Pos(), "builtin %s not supported", name)
	return zeroVal(kI64)
}

var (
	math1 = map[string]func(float64) float64{
		"Abs": math.Abs, "Acos": math.Acos, "Asin": math.Asin, "Atan": math.Atan, "Cbrt": math.Cbrt,
		"Ceil": math.Ceil, "Cos": math.Cos, "Cosh": math.Cosh, "Erf": math.Erf, "Erfc": math.Erfc,
		"Exp": math.Exp, "Exp2": math.Exp2, "Expm1": math.Expm1, "Floor": math.Floor,
		"Log": math.Log, "Log10": math.Log10, "Log1p": math.Log1p, "Log2": math.Log2,
		"Round": math.Round, "RoundToEven": math.RoundToEven, "Sin": math.Sin, "Sinh": math.Sinh,
		"Sqrt": math.Sqrt, "Tan": math.Tan, "Tanh": math.Tanh, "Trunc": math.Trunc,
	}
	math2 = map[string]func(float64, float64) float64{
		"Atan2": math.Atan2, "Copysign": math.Copysign, "Hypot": math.Hypot, "Max": math.Max,
		"Min": math.Min, "Mod": math.Mod, "Pow": math.Pow,
	}
)

func (f *fc) mathCall(x *ast.CallExpr, name string) val {
	args := make([]val, len(x.Args))
	sig := f.p.typeOf(x.Fun).(*types.Signature)
	for i, a := range x.Args {
		args[i] = constConvert(f.expr(a), f.p.kindOf(sig.Params().At(i).Type()))
	}
	f64 := func(i int) ev[float64] { return args[i].e.(ev[float64]) }
	if g, ok := math1[name]; ok {
		a := f64(0)
		return exprVal(ev[float64](func(fr *frame) float64 { return g(a(fr)) }), kF64)
	}
	if g, ok := math2[name]; ok {
		a, b := f64(0), f64(1)
		return exprVal(ev[float64](func(fr *frame) float64 { return g(a(fr), b(fr)) }), kF64)
	}
	switch name {
	case "FMA":
		a, b, c := f64(0), f64(1), f64(2)
		return exprVal(ev[float64](func(fr *frame) float64 { return math.FMA(a(fr), b(fr), c(fr)) }), kF64)
	case "Inf":
		s := args[0].e.(ev[int64])
		return exprVal(ev[float64](func(fr *frame) float64 { return math.Inf(int(s(fr))) }), kF64)
	case "NaN":
		return exprVal(ev[float64](func(*frame) float64 { return math.NaN() }), kF64)
	case "IsInf":
		a, s := f64(0), args[1].e.(ev[int64])
		return exprVal(ev[bool](func(fr *frame) bool { return math.IsInf(a(fr), int(s(fr))) }), kBool)
	case "IsNaN":
		a := f64(0)
		return exprVal(ev[bool](func(fr *frame) bool { return math.IsNaN(a(fr)) }), kBool)
	case "Signbit":
		a := f64(0)
		return exprVal(ev[bool](func(fr *frame) bool { return math.Signbit(a(fr)) }), kBool)
	case "Float32bits":
		a := args[0].e.(ev[float32])
		return exprVal(ev[uint32](func(fr *frame) uint32 { return math.Float32bits(a(fr)) }), kU32)
	case "Float32frombits":
		a := args[0].e.(ev[uint32])
		return exprVal(ev[float32](func(fr *frame) float32 { return math.Float32frombits(a(fr)) }), kF32)
	case "Float64bits":
		a := f64(0)
		return exprVal(ev[uint64](func(fr *frame) uint64 { return math.Float64bits(a(fr)) }), kU64)
	case "Float64frombits":
		a := args[0].e.(ev[uint64])
		return exprVal(ev[float64](func(fr *frame) float64 { return math.Float64frombits(a(fr)) }), kF64)
	}
	f.errorf(x.Pos(), "math.%s not supported by the simulator", name)
	return zeroVal(kF64)
}

func (f *fc) gpuCall(x *ast.CallExpr, name string, k kind) val {
	switch name {
	case "ToF16":
		a := constConvert(f.expr(x.Args[0]), kF32).e.(ev[float32])
		return exprVal(ev[uint16](func(fr *frame) uint16 { return half.F32ToF16(a(fr)) }), kU16)
	case "ToBF16":
		a := constConvert(f.expr(x.Args[0]), kF32).e.(ev[float32])
		return exprVal(ev[uint16](func(fr *frame) uint16 { return half.F32ToBF16(a(fr)) }), kU16)
	}
	if _, ok := atomicOps[name]; ok {
		buf, index := atomicTarget(x.Args[0])
		xt := f.p.typeOf(buf)
		ek := f.p.kindOf(sliceElem(xt))
		if int(ek) >= len(numOpsByKind) || numOpsByKind[ek] == nil {
			f.errorf(x.Pos(), "atomics on %s elements are not supported", sliceElem(xt))
			return zeroVal(kI64)
		}
		idx := f.expr(index)
		pl := &place{kind: plBuffer, k: ek, n: 1, view: f.views[f.p.varOf(buf)], peer: f.p.isPeer(xt),
			size: ek.size(), pos: f.pos(x), isx: -1, idx: convert(idx, kI64).e.(ev[int64])}
		var args []val
		for _, a := range x.Args[1:] {
			args = append(args, constConvert(f.expr(a), ek))
		}
		return numOpsByKind[ek].atomic(name, pl, args)
	}
	f.errorf(x.Pos(), "gpu.%s not supported by the simulator", name)
	return zeroVal(kI64)
}

// deviceCall compiles the call of a device function; the result runs it and returns the
// callee's frame, where its results are.
func (f *fc) deviceCall(x *ast.CallExpr, callee *function) func(fr *frame) *frame {
	sf := f.function(callee)
	var sets []func(fr, cf *frame)
	params := callee.allParams()
	pi := 0
	for i, a := range x.Args {
		pv := params[i]
		if f.p.isThread(pv.Type()) {
			continue
		}
		sp := sf.params[pi]
		pi++
		switch {
		case sp.view:
			src, dst := f.views[f.p.varOf(a)], sp.slot
			sets = append(sets, func(fr, cf *frame) { cf.s[dst] = fr.s[src] })
		case isArray(pv.Type()):
			src, dst, n := f.arraySrc(a), sp.slot, sp.n
			sets = append(sets, func(fr, cf *frame) { copy(cf.v[dst:dst+n], src(fr)) })
		default:
			v := f.expr(a)
			if v.k != sp.k {
				v = constConvert(v, sp.k)
			}
			sets = append(sets, opsByKind[sp.k].toSlot(sp.slot, v))
		}
	}
	pos := f.pos(x)
	return func(fr *frame) *frame {
		th := fr.th
		cf := th.enter(sf, pos)
		for _, s := range sets {
			s(fr, cf)
		}
		code := sf.code
		for pc := 0; pc < len(code); {
			pc = code[pc](cf)
		}
		th.depth--
		return cf
	}
}
