package cudatogo

// Translating CUDA C statements to Go.

import (
	"strings"
)

// ---- statements ----

func (f *fgen) stmt(s stmt) {
	switch s := s.(type) {
	case *emptyStmt:
	case *blockStmt:
		f.emit(s.p, "{")
		f.body(s)
		f.emit(Pos{}, "}")
	case *declStmt:
		for _, v := range s.vars {
			f.declare(v)
		}
	case *exprStmt:
		f.discard(s.x)
	case *ifStmt:
		c := f.toBool(f.expr(s.c), s.c.pos())
		f.ifRest(s, c)
	case *whileStmt:
		f.whileLoop(s)
	case *forStmt:
		f.forLoop(s)
	case *doStmt:
		f.doLoop(s)
	case *switchStmt:
		f.switchStmt(s)
	case *caseStmt:
		for _, t := range f.targets {
			if t.isSwitch {
				f.fail(errUnsupported(s.p, "a case label inside a nested statement of a switch"))
			}
		}
		f.fail(errSource(s.p, "case label not within a switch statement"))
	case *breakStmt:
		if len(f.targets) == 0 {
			f.fail(errSource(s.p, "break statement not within a loop or switch"))
		}
		t := f.targets[len(f.targets)-1]
		if len(f.goStack) > 0 && f.goStack[len(f.goStack)-1] == t.brk {
			f.emit(s.p, "break")
		} else {
			t.brk.used = true
			f.emit(s.p, "break "+t.brk.label)
		}
	case *continueStmt:
		var t *target
		for k := len(f.targets) - 1; k >= 0; k-- {
			if !f.targets[k].isSwitch {
				t = f.targets[k]
				break
			}
		}
		if t == nil {
			f.fail(errSource(s.p, "continue statement not within a loop"))
		}
		var inner *goCtl
		for k := len(f.goStack) - 1; k >= 0; k-- {
			if f.goStack[k].loop {
				inner = f.goStack[k]
				break
			}
		}
		if inner == t.cont {
			f.emit(s.p, "continue")
		} else {
			t.cont.used = true
			f.emit(s.p, "continue "+t.cont.label)
		}
	case *returnStmt:
		if f.fn.ret == tVoid {
			if s.x != nil {
				if o := f.expr(s.x); !o.isVoid {
					f.fail(errSource(s.p, "a void function can't return a value"))
				}
			}
			f.emit(s.p, "return")
			return
		}
		if s.x == nil {
			f.fail(errSource(s.p, "%s must return a value", f.fn.name))
		}
		o := f.conv(f.expr(s.x), f.fn.ret, s.x.pos())
		f.emit(s.p, "return "+o.code)
	default:
		f.fail(errUnsupported(s.pos(), "this statement"))
	}
}

// body translates a loop's, if's or block's statement in a new scope, one level deeper.
func (f *fgen) body(s stmt) {
	f.depth++
	f.pushScope()
	if b, ok := s.(*blockStmt); ok {
		for _, x := range b.list {
			f.stmt(x)
		}
	} else {
		f.stmt(s)
	}
	f.popScope()
	f.depth--
}

// ifRest emits `if c {...} else ...` (c's statements were emitted).
func (f *fgen) ifRest(s *ifStmt, c operand) {
	f.emit(s.p, "if "+c.code+" {")
	f.body(s.then)
	if s.els == nil {
		f.emit(Pos{}, "}")
		return
	}
	if ei, ok := s.els.(*ifStmt); ok {
		var c2 operand
		pre := f.captureAt(f.depth+1, func() { c2 = f.toBool(f.expr(ei.c), ei.c.pos()) })
		if len(pre) == 0 {
			f.emit(Pos{}, "} else")
			f.ifRest(ei, c2)
			return
		}
		f.emit(Pos{}, "} else {")
		f.lines = append(f.lines, pre...)
		f.depth++
		f.ifRest(ei, c2)
		f.depth--
		f.emit(Pos{}, "}")
		return
	}
	f.emit(Pos{}, "} else {")
	f.body(s.els)
	f.emit(Pos{}, "}")
}

func (f *fgen) push(c *goCtl, t *target) {
	f.goStack = append(f.goStack, c)
	if t != nil {
		f.targets = append(f.targets, t)
	}
}

func (f *fgen) pop(t bool) {
	f.goStack = f.goStack[:len(f.goStack)-1]
	if t {
		f.targets = f.targets[:len(f.targets)-1]
	}
}

// breakUnless emits `if !c { break }` one level deeper.
func (f *fgen) breakUnless(p Pos, c operand) {
	if c.cv != nil && c.cv.i != 0 {
		return
	}
	f.depth++
	f.emit(p, "if !"+goParen(c.code)+" {")
	f.depth++
	f.emit(p, "break")
	f.depth--
	f.emit(Pos{}, "}")
	f.depth--
}

func (f *fgen) whileLoop(s *whileStmt) {
	var c operand
	pre := f.captureAt(f.depth+1, func() { c = f.toBool(f.expr(s.c), s.c.pos()) })
	outer := f.newCtl(true)
	switch {
	case len(pre) == 0 && c.cv != nil && c.cv.i != 0:
		f.emit(s.p, outer.marker+"for {")
		f.push(outer, &target{brk: outer, cont: outer})
	case len(pre) == 0:
		f.emit(s.p, outer.marker+"for "+c.code+" {")
		f.push(outer, &target{brk: outer, cont: outer})
	default:
		f.emit(s.p, outer.marker+"for {")
		f.push(outer, &target{brk: outer, cont: outer})
		f.lines = append(f.lines, pre...)
		f.breakUnless(s.c.pos(), c)
	}
	f.body(s.body)
	f.pop(true)
	f.emit(Pos{}, "}")
}

// once is the header of the one-pass loop whose `continue` stands for a C continue where the
// C loop's step must still run after it.
func (f *fgen) once(c *goCtl) string {
	v := f.tr.prefix + "once"
	return c.marker + "for " + v + " := 0; " + v + " < 1; " + v + "++ {"
}

func (f *fgen) forLoop(s *forStmt) {
	f.pushScope()
	defer f.popScope()
	opened := false
	if s.init != nil {
		if _, ok := s.init.(*declStmt); ok {
			f.emit(s.p, "{")
			f.depth++
			opened = true
		}
		f.stmt(s.init)
	}
	var c operand
	var pre []string
	if s.c != nil {
		pre = f.captureAt(f.depth+1, func() { c = f.toBool(f.expr(s.c), s.c.pos()) })
	} else {
		c = constOp(tBool, cval{i: 1})
	}
	var post []string
	if s.post != nil {
		post = f.captureAt(f.depth+1, func() { f.discard(s.post) })
	}
	forever := c.cv != nil && c.cv.i != 0
	condInHeader := len(pre) == 0 && !forever
	simplePost := len(post) <= 1
	outer := f.newCtl(true)
	switch {
	case simplePost && len(post) == 1:
		cond := ""
		if condInHeader {
			cond = c.code
		}
		f.emit(s.p, outer.marker+"for ; "+cond+"; "+strings.TrimLeft(post[0], "\t")+" {")
	case condInHeader:
		f.emit(s.p, outer.marker+"for "+c.code+" {")
	default:
		f.emit(s.p, outer.marker+"for {")
	}
	f.goStack = append(f.goStack, outer)
	if !condInHeader {
		f.lines = append(f.lines, pre...)
		if s.c != nil {
			f.breakUnless(s.c.pos(), c)
		}
	}
	f.loopBody(s.p, s.body, outer, !simplePost && containsContinue(s.body))
	if !simplePost {
		f.lines = append(f.lines, post...)
	}
	f.goStack = f.goStack[:len(f.goStack)-1]
	f.emit(Pos{}, "}")
	if opened {
		f.depth--
		f.emit(Pos{}, "}")
	}
}

// loopBody emits the body of a loop whose break target is outer. With needInner, a
// continue in it goes to the end of a block run once inside the loop (the condition or
// post statement that follows it is not in the loop's header); else to outer.
func (f *fgen) loopBody(p Pos, body stmt, outer *goCtl, needInner bool) {
	inner := outer
	if needInner {
		inner = f.newCtl(true)
		f.depth++
		f.emit(p, f.once(inner))
		f.goStack = append(f.goStack, inner)
	}
	f.targets = append(f.targets, &target{brk: outer, cont: inner})
	f.body(body)
	f.targets = f.targets[:len(f.targets)-1]
	if needInner {
		f.goStack = f.goStack[:len(f.goStack)-1]
		f.emit(Pos{}, "}")
		f.depth--
	}
}

func (f *fgen) doLoop(s *doStmt) {
	outer := f.newCtl(true)
	f.emit(s.p, outer.marker+"for {")
	f.goStack = append(f.goStack, outer)
	f.loopBody(s.p, s.body, outer, containsContinue(s.body))
	f.depth++
	c := f.toBool(f.expr(s.c), s.c.pos())
	f.depth--
	f.breakUnless(s.c.pos(), c)
	f.goStack = f.goStack[:len(f.goStack)-1]
	f.emit(Pos{}, "}")
}

// containsContinue reports a continue that belongs to the loop whose body s is.
func containsContinue(s stmt) bool {
	switch s := s.(type) {
	case *continueStmt:
		return true
	case *blockStmt:
		for _, x := range s.list {
			if containsContinue(x) {
				return true
			}
		}
	case *ifStmt:
		return containsContinue(s.then) || s.els != nil && containsContinue(s.els)
	case *switchStmt:
		return containsContinue(s.body)
	}
	return false
}

// fallsThrough reports whether control can leave the end of a case's statements.
func fallsThrough(list []stmt) bool {
	if len(list) == 0 {
		return true
	}
	switch s := list[len(list)-1].(type) {
	case *breakStmt, *continueStmt, *returnStmt:
		return false
	case *blockStmt:
		return fallsThrough(s.list)
	}
	return true
}

func (f *fgen) switchStmt(s *switchStmt) {
	tag := f.value(f.expr(s.tag), s.tag.pos())
	if !tag.t.isArith() || tag.t.kind == kFloat {
		f.fail(errSource(s.tag.pos(), "a switch needs an integer value, not %s", tag.t))
	}
	tt := promote(tag.t)
	tag = f.conv(tag, tt, s.tag.pos())
	type clause struct {
		vals []string
		def  bool
		p    Pos
		body []stmt
	}
	var clauses []*clause
	seen := map[int64]Pos{}
	for _, x := range s.body.list {
		cs, ok := x.(*caseStmt)
		if !ok {
			if len(clauses) == 0 {
				if _, empty := x.(*emptyStmt); empty {
					continue
				}
				f.fail(errUnsupported(x.pos(), "statements before a switch's first case label"))
			}
			cl := clauses[len(clauses)-1]
			cl.body = append(cl.body, x)
			continue
		}
		if len(clauses) == 0 || len(clauses[len(clauses)-1].body) > 0 {
			clauses = append(clauses, &clause{p: cs.p})
		}
		cl := clauses[len(clauses)-1]
		if cs.v == nil {
			cl.def = true
			continue
		}
		var v operand
		pre := f.capture(func() { v = f.expr(cs.v) })
		if v.cv == nil || len(pre) > 0 || !v.t.isArith() || v.t.kind == kFloat {
			f.fail(errSource(cs.v.pos(), "a case label must be an integer constant"))
		}
		v = f.conv(v, tt, cs.v.pos())
		if first, dup := seen[v.cv.i]; dup {
			f.fail(errSource(cs.v.pos(), "duplicate case value (first at line %d)", first.Line+f.tr.lineOff))
		}
		seen[v.cv.i] = cs.v.pos()
		cl.vals = append(cl.vals, v.code)
	}
	sw := f.newCtl(false)
	f.emit(s.p, sw.marker+"switch "+tag.code+" {")
	f.push(sw, &target{isSwitch: true, brk: sw})
	for k, cl := range clauses {
		last := k == len(clauses)-1
		if len(cl.vals) > 0 {
			f.emit(cl.p, "case "+strings.Join(cl.vals, ", ")+":")
			if cl.def {
				f.depth++
				f.emit(cl.p, "fallthrough")
				f.depth--
				f.emit(cl.p, "default:")
			}
		} else {
			f.emit(cl.p, "default:")
		}
		f.body(&blockStmt{p: cl.p, list: cl.body})
		if !last && fallsThrough(cl.body) {
			f.depth++
			f.emit(Pos{}, "fallthrough")
			f.depth--
		}
	}
	f.pop(true)
	f.emit(Pos{}, "}")
}
