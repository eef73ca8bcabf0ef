package cudatogo

// Translating CUDA C binary operators, constant folding, assignments and conditionals to Go.

import (
	"fmt"
	"strings"
)

func (f *fgen) binary(x *binary) operand {
	switch x.op {
	case "&&", "||":
		l := f.toBool(f.expr(x.x), x.x.pos())
		var r operand
		lines := f.captureAt(f.depth+1, func() { r = f.toBool(f.expr(x.y), x.y.pos()) })
		if l.cv != nil {
			short := (x.op == "&&") == (l.cv.i == 0)
			if short {
				return constOp(tBool, cval{i: b2i(x.op == "||")})
			}
			f.lines = append(f.lines, lines...)
			return r
		}
		if len(lines) == 0 {
			return operand{code: goParen(l.code) + " " + x.op + " " + goParen(r.code), t: tBool}
		}
		tmp := f.temp()
		f.emit(x.p, tmp+" := "+l.code)
		if x.op == "&&" {
			f.emit(x.p, "if "+tmp+" {")
		} else {
			f.emit(x.p, "if !"+tmp+" {")
		}
		f.emitBranch(x.p, lines, tmp+" = "+r.code)
		f.emit(x.p, "}")
		return operand{code: tmp, t: tBool}
	}
	l := f.expr(x.x)
	r := f.expr(x.y)
	if x.op == "+" || x.op == "-" {
		if l.t.isBuffer() || l.v != nil && l.v.storage == storeShared && len(l.shIdx) == 0 && !l.v.sharedScalar ||
			r.t.isBuffer() && x.op == "+" {
			// p + i: an address (for atomics)
			b, i := l, r
			if r.t.isBuffer() {
				b, i = r, l
			}
			if x.op == "-" {
				f.fail(errUnsupported(x.p, "pointer subtraction"))
			}
			if b.t.kind == kArray {
				b = operand{code: b.v.goName, t: &ctype{kind: kPointer, elem: b.v.elem}, v: b.v}
			}
			el := f.element(b, i, x.p)
			return operand{addr: &address{elem: el.code, t: el.t, peer: b.t.kind == kPeer, ro: el.ro, base: b.v},
				t: &ctype{kind: kPointer, elem: el.t}}
		}
	}
	return f.arith(x.op, l, r, x.p)
}

// arith applies a binary arithmetic, bitwise or comparison operator with C's conversions.
func (f *fgen) arith(op string, l, r operand, p Pos) operand {
	l, r = f.value(l, p), f.value(r, p)
	if !l.t.isArith() || !r.t.isArith() {
		f.fail(errSource(p, "invalid operands to %s (%s and %s)", op, l.t, r.t))
	}
	switch op {
	case "<<", ">>":
		if l.t.kind == kFloat || r.t.kind == kFloat {
			f.fail(errSource(p, "invalid operands to %s (%s and %s)", op, l.t, r.t))
		}
		lt, rt := promote(l.t), promote(r.t)
		l, r = f.conv(l, lt, p), f.conv(r, rt, p)
		if l.cv != nil && r.cv != nil {
			return constOp(lt, cval{i: shiftConst(op, lt, l.cv.i, uint64(r.cv.i))})
		}
		count := r.code
		if r.cv != nil {
			count = fmt.Sprint(uint64(r.cv.i))
			if rt.signed && r.cv.i < 0 {
				count = fmt.Sprint(uint64(normInt(unsignedOf(rt), uint64(r.cv.i))))
			}
			count = fmt.Sprintf("uint64(%s)", count)
		} else if rt.signed {
			count = unsignedOf(rt).goType() + "(" + count + ")"
		}
		return operand{code: goParen(l.code) + " " + op + " " + goParen(count), t: lt}
	case "%", "&", "|", "^":
		if l.t.kind == kFloat || r.t.kind == kFloat {
			f.fail(errSource(p, "invalid operands to %s (%s and %s)", op, l.t, r.t))
		}
	}
	t := common(l.t, r.t)
	l, r = f.conv(l, t, p), f.conv(r, t, p)
	result := t
	switch op {
	case "<", ">", "<=", ">=", "==", "!=":
		result = tBool
	}
	if (op == "/" || op == "%") && t.kind == kInt && r.cv != nil && r.cv.i == 0 {
		f.fail(errUnsupported(p, "integer division by a constant zero"))
	}
	if l.cv != nil && r.cv != nil {
		return constOp(result, foldBinary(op, t, *l.cv, *r.cv))
	}
	return operand{code: goParen(l.code) + " " + op + " " + goParen(r.code), t: result}
}

// shiftConst shifts as the GPU does: counts at least the width give 0 (or -1 for negative
// signed values shifted right).
func shiftConst(op string, t *ctype, v int64, count uint64) int64 {
	width := uint64(t.size * 8)
	if op == "<<" {
		if count >= width {
			return 0
		}
		return normInt(t, uint64(v)<<count)
	}
	if count >= width {
		count = 63
	}
	if t.signed {
		return normInt(t, uint64(v>>count))
	}
	return normInt(t, uint64(v)>>count)
}

// foldBinary evaluates a binary operator on constants of type t (integer division by zero
// was rejected before).
func foldBinary(op string, t *ctype, a, b cval) cval {
	if t.kind == kFloat {
		x, y := a.f, b.f
		var r float64
		switch op {
		case "+":
			r = x + y
		case "-":
			r = x - y
		case "*":
			r = x * y
		case "/":
			r = x / y
		case "<":
			return cval{i: b2i(x < y)}
		case ">":
			return cval{i: b2i(x > y)}
		case "<=":
			return cval{i: b2i(x <= y)}
		case ">=":
			return cval{i: b2i(x >= y)}
		case "==":
			return cval{i: b2i(x == y)}
		case "!=":
			return cval{i: b2i(x != y)}
		}
		if t.size == 4 {
			r = float64(float32(r))
		}
		return cval{f: r}
	}
	x, y := a.i, b.i
	ux, uy := uint64(x), uint64(y)
	signed := t.signed && t.kind == kInt
	switch op {
	case "+":
		return cval{i: normInt(t, ux+uy)}
	case "-":
		return cval{i: normInt(t, ux-uy)}
	case "*":
		return cval{i: normInt(t, ux*uy)}
	case "/", "%":
		if signed {
			if y == -1 { // MinInt / -1 wraps
				if op == "%" {
					return cval{}
				}
				return cval{i: normInt(t, -ux)}
			}
			if op == "/" {
				return cval{i: normInt(t, uint64(x/y))}
			}
			return cval{i: normInt(t, uint64(x%y))}
		}
		if op == "/" {
			return cval{i: normInt(t, ux/uy)}
		}
		return cval{i: normInt(t, ux%uy)}
	case "&":
		return cval{i: normInt(t, ux&uy)}
	case "|":
		return cval{i: normInt(t, ux|uy)}
	case "^":
		return cval{i: normInt(t, ux^uy)}
	}
	var c bool
	switch {
	case signed:
		c = map[string]bool{"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y, "==": x == y, "!=": x != y}[op]
	default:
		c = map[string]bool{"<": ux < uy, ">": ux > uy, "<=": ux <= uy, ">=": ux >= uy, "==": ux == uy, "!=": ux != uy}[op]
	}
	return cval{i: b2i(c)}
}

func (f *fgen) assign(x *assign, discard bool) operand {
	if il, ok := x.r.(*initList); ok {
		f.fail(errUnsupported(il.p, "assigning a braced list"))
	}
	if pv := f.pointerVar(x.l); pv != nil {
		f.assignPointer(pv, x)
		if !discard {
			f.fail(errUnsupported(x.p, "using a pointer assignment as a value"))
		}
		return operand{isVoid: true, t: tVoid}
	}
	// C++17: the right operand is sequenced before the left.
	r := f.expr(x.r)
	l := f.lvalue(x.l)
	var v operand
	if x.op == "=" {
		v = f.conv(r, l.t, x.p)
	} else {
		op := strings.TrimSuffix(x.op, "=")
		cur := operand{code: l.code, t: l.t}
		if l.t.kind == kBool && (op == "<<" || op == ">>") {
			cur = f.conv(cur, tInt, x.p)
		}
		v = f.conv(f.arith(op, cur, r, x.p), l.t, x.p)
	}
	f.emit(x.l.pos(), l.code+" = "+v.code)
	if discard {
		return operand{isVoid: true, t: tVoid}
	}
	return operand{code: l.code, t: l.t}
}

func (f *fgen) cond(x *cond, discard bool) operand {
	c := f.toBool(f.expr(x.c), x.c.pos())
	var a, b operand
	la := f.captureAt(f.depth+1, func() {
		if discard {
			f.discard(x.t)
		} else {
			a = f.expr(x.t)
		}
	})
	lb := f.captureAt(f.depth+1, func() {
		if discard {
			f.discard(x.f)
		} else {
			b = f.expr(x.f)
		}
	})
	if discard {
		f.emit(x.p, "if "+c.code+" {")
		f.lines = append(f.lines, la...)
		if len(lb) > 0 {
			f.emit(x.p, "} else {")
			f.lines = append(f.lines, lb...)
		}
		f.emit(x.p, "}")
		return operand{isVoid: true, t: tVoid}
	}
	if a.isVoid || b.isVoid {
		if a.isVoid && b.isVoid {
			f.emit(x.p, "if "+c.code+" {")
			f.lines = append(f.lines, la...)
			f.emit(x.p, "} else {")
			f.lines = append(f.lines, lb...)
			f.emit(x.p, "}")
			return operand{isVoid: true, t: tVoid}
		}
		f.fail(errSource(x.p, "the operands of ?: have types void and not void"))
	}
	a, b = f.value(a, x.t.pos()), f.value(b, x.f.pos())
	var t *ctype
	switch {
	case a.t.kind == kBool && b.t.kind == kBool:
		t = tBool
	case a.t.isArith() && b.t.isArith():
		t = common(a.t, b.t)
	default:
		f.fail(errSource(x.p, "incompatible operands of ?: (%s and %s)", a.t, b.t))
	}
	ca, cb := f.conv(a, t, x.p), f.conv(b, t, x.p)
	if c.cv != nil {
		if c.cv.i != 0 {
			f.lines = append(f.lines, la...)
			return ca
		}
		f.lines = append(f.lines, lb...)
		return cb
	}
	tmp := f.temp()
	f.emit(x.p, "var "+tmp+" "+t.goType())
	f.emit(x.p, "if "+c.code+" {")
	f.emitBranch(x.p, la, tmp+" = "+ca.code)
	f.emit(x.p, "} else {")
	f.emitBranch(x.p, lb, tmp+" = "+cb.code)
	f.emit(x.p, "}")
	return operand{code: tmp, t: t}
}

// failBad fails at a use of name, which a declaration outside the subset (d) declared.
func (f *fgen) failBad(name string, p Pos, d *diag) {
	if !d.unsupported {
		f.fail(d)
	}
	what := strings.TrimSuffix(d.msg, unsupportedSuffix)
	f.fail(errUnsupported(p, fmt.Sprintf("%s (%s, line %d)", name, what, d.pos.Line+f.tr.lineOff)))
}

// emitBranch adds the lines captured for a branch's value and then last, one level deeper
// than the if or else the caller opened.
func (f *fgen) emitBranch(p Pos, lines []string, last string) {
	f.lines = append(f.lines, lines...)
	f.depth++
	f.emit(p, last)
	f.depth--
}
