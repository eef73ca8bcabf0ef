package cudatogo

import (
	"fmt"
	"math"
	"strings"
)

// operand is a translated expression: Go code free of side effects (they were emitted as
// statements before it), its C type, and what else the translator needs to know.
type operand struct {
	code   string
	t      *ctype
	cv     *cval     // a compile-time constant
	lv     bool      // code is assignable
	ro     bool      // a read-only lvalue (const)
	v      *variable // the variable it names
	shIdx  []string  // shared memory: the int64 indices applied so far
	addr   *address  // &buf[i], buf + i
	isVoid bool
	dim    string // threadIdx, blockIdx, blockDim, gridDim: the gpu.Thread field
}

// address is the address of a buffer or shared-memory element: what atomics take.
type address struct {
	elem string // Go code of the element (an lvalue: p[i])
	t    *ctype // the element's type
	peer bool
	ro   bool
	base *variable
}

// isPrimary reports whether code needs no parentheses as an operand.
func isPrimary(code string) bool {
	depth := 0
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		default:
			if depth == 0 && strings.IndexByte(" +-*/%<>=!&|^", c) >= 0 {
				return false
			}
		}
	}
	return true
}

func goParen(code string) string {
	if isPrimary(code) {
		return code
	}
	return "(" + code + ")"
}

// constOp is a constant operand.
func constOp(t *ctype, v cval) operand {
	return operand{code: constCode(v, t), t: t, cv: &v}
}

// value checks that o is a scalar value (not a buffer, an address or void).
func (f *fgen) value(o operand, p Pos) operand {
	switch {
	case o.isVoid:
		f.fail(errSource(p, "a void value can't be used"))
	case o.dim != "":
		f.fail(errUnsupported(p, "a dim3 value (use ."+"x, .y, .z)"))
	case o.addr != nil:
		f.fail(errUnsupported(p, "a pointer value other than an atomic's address"))
	case o.t.isBuffer():
		f.fail(errUnsupported(p, "using a buffer as a value (index it)"))
	case o.t.kind == kArray:
		f.fail(errUnsupported(p, "using an array as a value (index it)"))
	}
	return o
}

// conv converts the value o to type to, as C converts implicitly and in casts.
func (f *fgen) conv(o operand, to *ctype, p Pos) operand {
	o = f.value(o, p)
	if !to.isArith() {
		f.fail(errUnsupported(p, "conversion to "+to.String()))
	}
	if o.cv != nil {
		return constOp(to, convConst(*o.cv, o.t, to))
	}
	from := o.t
	code := o.code
	switch {
	case sameGo(from, to):
	case to.kind == kBool:
		code = goParen(code) + " != 0"
	case from.kind == kBool:
		code = f.helper("b2i") + "(" + code + ")"
		if to != tInt {
			code = to.goType() + "(" + code + ")"
		}
	case from.kind == kFloat && to.kind == kInt:
		arg := code
		if from.size == 4 {
			arg = "float64(" + code + ")"
		}
		size := max(to.size, 4)
		name := fmt.Sprintf("f2i%d", size*8)
		if !to.signed {
			name = fmt.Sprintf("f2u%d", size*8)
		}
		code = f.helper(name) + "(" + arg + ")"
		if to.size < 4 {
			code = to.goType() + "(" + code + ")"
		}
	default:
		code = to.goType() + "(" + code + ")"
	}
	return operand{code: code, t: to}
}

// toBool converts a scalar to bool (a condition).
func (f *fgen) toBool(o operand, p Pos) operand {
	o = f.value(o, p)
	if o.t.kind == kBool {
		return o
	}
	return f.conv(o, tBool, p)
}

// expr translates e in a context that uses its value.
func (f *fgen) expr(e expr) operand {
	switch x := e.(type) {
	case *paren:
		return f.expr(x.x)
	case *intLit:
		v, t, d := parseIntLit(x.text, x.p)
		if d != nil {
			f.fail(d)
		}
		return constOp(t, cval{i: normInt(t, v)})
	case *floatLit:
		v, t, d := parseFloatLit(x.text, x.p)
		if d != nil {
			f.fail(d)
		}
		return constOp(t, cval{f: v})
	case *charLit:
		v, d := parseCharLit(x.text, x.p)
		if d != nil {
			f.fail(d)
		}
		return constOp(tChar, cval{i: v})
	case *boolLit:
		return constOp(tBool, cval{i: b2i(x.v)})
	case *stringLit:
		f.fail(errUnsupported(x.p, "a string literal"))
	case *ident:
		return f.ident(x)
	case *sizeofExpr:
		return f.sizeof(x)
	case *unary:
		return f.unary(x)
	case *postfix:
		return f.incDec(x.x, x.op, true, false, x.p)
	case *binary:
		return f.binary(x)
	case *assign:
		return f.assign(x, false)
	case *cond:
		return f.cond(x, false)
	case *comma:
		f.discard(x.x)
		return f.expr(x.y)
	case *cast:
		if x.to == tVoid {
			f.discard(x.x)
			return operand{isVoid: true, t: tVoid}
		}
		o := f.expr(x.x)
		if !x.to.isArith() {
			f.fail(errUnsupported(x.p, "a cast to "+x.to.String()))
		}
		return f.conv(o, x.to, x.p)
	case *call:
		return f.call(x, false)
	case *index:
		return f.index(x)
	case *member:
		return f.member(x)
	case *initList:
		f.fail(errUnsupported(x.p, "a braced initializer here"))
	}
	f.fail(errUnsupported(e.pos(), "this expression"))
	return operand{}
}

// discard translates e in a statement context: only its side effects matter.
func (f *fgen) discard(e expr) {
	switch x := e.(type) {
	case *paren:
		f.discard(x.x)
	case *assign:
		f.assign(x, true)
	case *unary:
		if x.op == "++" || x.op == "--" {
			f.incDec(x.x, x.op, false, true, x.p)
			return
		}
		f.expr(x)
	case *postfix:
		f.incDec(x.x, x.op, true, true, x.p)
	case *comma:
		f.discard(x.x)
		f.discard(x.y)
	case *cond:
		f.cond(x, true)
	case *call:
		f.call(x, true)
	case *cast:
		if x.to == tVoid {
			f.discard(x.x)
			return
		}
		f.expr(x)
	default:
		f.expr(e)
	}
}

// builtinConsts are the names CUDA sources use from <climits>, <cfloat> and <cmath>.
var builtinConsts = map[string]operand{
	"warpSize":    constOp(tInt, cval{i: 32}),
	"INT_MAX":     constOp(tInt, cval{i: math.MaxInt32}),
	"INT_MIN":     constOp(tInt, cval{i: math.MinInt32}),
	"UINT_MAX":    constOp(tUInt, cval{i: math.MaxUint32}),
	"LLONG_MAX":   constOp(tLLong, cval{i: math.MaxInt64}),
	"LLONG_MIN":   constOp(tLLong, cval{i: math.MinInt64}),
	"ULLONG_MAX":  constOp(tULLong, cval{i: -1}),
	"LONG_MAX":    constOp(tLong, cval{i: math.MaxInt64}),
	"LONG_MIN":    constOp(tLong, cval{i: math.MinInt64}),
	"SHRT_MAX":    constOp(tInt, cval{i: math.MaxInt16}),
	"SHRT_MIN":    constOp(tInt, cval{i: math.MinInt16}),
	"CHAR_BIT":    constOp(tInt, cval{i: 8}),
	"FLT_MAX":     constOp(tFloat, cval{f: math.MaxFloat32}),
	"FLT_MIN":     constOp(tFloat, cval{f: 0x1p-126}),
	"FLT_EPSILON": constOp(tFloat, cval{f: 0x1p-23}),
	"DBL_MAX":     constOp(tDouble, cval{f: math.MaxFloat64}),
	"DBL_MIN":     constOp(tDouble, cval{f: 0x1p-1022}),
	"DBL_EPSILON": constOp(tDouble, cval{f: 0x1p-52}),
	"INFINITY":    constOp(tFloat, cval{f: math.Inf(1)}),
	"NAN":         constOp(tFloat, cval{f: math.NaN()}),
	"HUGE_VALF":   constOp(tFloat, cval{f: math.Inf(1)}),
	"HUGE_VAL":    constOp(tDouble, cval{f: math.Inf(1)}),
	"M_PI":        constOp(tDouble, cval{f: math.Pi}),
	"M_E":         constOp(tDouble, cval{f: math.E}),
	"M_SQRT2":     constOp(tDouble, cval{f: math.Sqrt2}),
	"M_LN2":       constOp(tDouble, cval{f: math.Ln2}),
}

var dimFields = map[string]string{"threadIdx": "ThreadIdx", "blockIdx": "BlockIdx",
	"blockDim": "BlockDim", "gridDim": "GridDim"}

func (f *fgen) ident(x *ident) operand {
	if v := f.scope.lookup(x.name); v != nil {
		v.used = true
		if v.cv != nil {
			return constOp(v.t, *v.cv)
		}
		o := operand{code: v.goName, t: v.t, v: v}
		switch {
		case v.storage == storeShared && v.sharedScalar:
			o.code, o.lv = v.goName+"[0]", true
		case v.storage == storePtr:
		case v.t.isArith():
			o.lv, o.ro = true, v.isConst
		}
		return o
	}
	if field := dimFields[x.name]; field != "" {
		return operand{dim: field, t: tVoid}
	}
	if o, ok := builtinConsts[x.name]; ok {
		return o
	}
	tr := f.tr
	if d := tr.f.bad[x.name]; d != nil {
		f.failBad(x.name, x.p, d)
	}
	if _, ok := tr.f.fnMac[x.name]; ok {
		f.fail(errUnsupported(x.p, "the function-like macro "+x.name))
	}
	if tr.f.funcs[x.name] != nil {
		f.fail(errUnsupported(x.p, "a function pointer (call "+x.name+")"))
	}
	if tr.f.hasInc || strings.HasPrefix(x.name, "__") || strings.HasPrefix(x.name, "CUDART_") {
		f.fail(errUnsupported(x.p, x.name))
	}
	f.fail(errSource(x.p, "identifier %q is undefined", x.name))
	return operand{}
}

func (f *fgen) sizeof(x *sizeofExpr) operand {
	t := x.t
	if t == nil {
		var o operand
		f.capture(func() { o = f.expr(x.x) })
		t = o.t
		if o.addr != nil {
			t = &ctype{kind: kPointer, elem: o.addr.t}
		}
		if o.v != nil && o.v.storage == storeShared && len(o.shIdx) == 0 {
			t = o.v.t
		}
		if o.dim != "" {
			return constOp(tULong, cval{i: 12})
		}
	}
	var size func(t *ctype) int64
	size = func(t *ctype) int64 {
		switch t.kind {
		case kPointer:
			return 8
		case kSlice, kPeer:
			return 16
		case kArray:
			return t.n * size(t.elem)
		}
		return int64(t.size)
	}
	if t == tVoid {
		f.fail(errSource(x.p, "sizeof(void)"))
	}
	return constOp(tULong, cval{i: size(t)})
}

func (f *fgen) unary(x *unary) operand {
	switch x.op {
	case "++", "--":
		return f.incDec(x.x, x.op, false, false, x.p)
	case "&":
		a := f.addressOf(x)
		return operand{addr: a, t: &ctype{kind: kPointer, elem: a.t}}
	case "*":
		return f.deref(x)
	}
	o := f.value(f.expr(x.x), x.p)
	switch x.op {
	case "!":
		b := f.toBool(o, x.p)
		if b.cv != nil {
			return constOp(tBool, cval{i: b2i(b.cv.i == 0)})
		}
		return operand{code: "!" + goParen(b.code), t: tBool}
	case "+", "-", "~":
		if x.op == "~" && !o.t.isInt() && o.t.kind != kBool {
			f.fail(errSource(x.p, "~ needs an integer operand, not %s", o.t))
		}
		t := promote(o.t)
		o = f.conv(o, t, x.p)
		if x.op == "+" {
			return o
		}
		if o.cv != nil {
			v := *o.cv
			switch {
			case x.op == "~":
				v.i = normInt(t, ^uint64(v.i))
			case t.kind == kFloat:
				v.f = -v.f
			default:
				v.i = normInt(t, -uint64(v.i))
			}
			return constOp(t, v)
		}
		op := "-"
		if x.op == "~" {
			op = "^"
		}
		return operand{code: op + goParen(o.code), t: t}
	}
	f.fail(errUnsupported(x.p, "the operator "+x.op))
	return operand{}
}

// deref translates *p and *(p + i) as p[0] and p[i].
func (f *fgen) deref(x *unary) operand {
	o := f.expr(x.x)
	if o.addr == nil {
		if o.t.isBuffer() {
			return f.element(o, constOp(tInt, cval{}), x.p)
		}
		f.fail(errUnsupported(x.p, "dereferencing this"))
	}
	return operand{code: o.addr.elem, t: o.addr.t, lv: true, ro: o.addr.ro}
}

// addressOf translates &x (x a buffer or shared-memory element, or a __shared__ scalar).
func (f *fgen) addressOf(x *unary) *address {
	o := f.expr(x.x)
	if o.addr != nil {
		f.fail(errUnsupported(x.p, "a pointer to a pointer"))
	}
	if o.v != nil && o.v.storage == storeShared && o.v.sharedScalar {
		return &address{elem: o.v.goName + "[0]", t: o.v.t, base: o.v}
	}
	if o.v != nil && o.v.storage == storeShared && len(o.shIdx) == 0 {
		return &address{elem: o.v.goName + "[0]", t: o.v.elem, base: o.v}
	}
	if o.v != nil && o.lv && o.v.elemOf == nil {
		f.fail(errUnsupported(x.p, "taking the address of local variable "+o.v.name))
	}
	if !o.lv || o.v == nil || o.v.elemOf == nil {
		f.fail(errUnsupported(x.p, "taking this address"))
	}
	base := o.v.elemOf
	if base.t.kind == kArray && base.storage != storeShared {
		f.fail(errUnsupported(x.p, "taking the address of a local array's element"))
	}
	return &address{elem: o.code, t: o.t, peer: base.t.kind == kPeer, ro: o.ro, base: base}
}

// element is buf[i] for a buffer, array or shared-memory operand.
func (f *fgen) element(b, i operand, p Pos) operand {
	i = f.value(i, p)
	if i.t.kind == kFloat {
		f.fail(errSource(p, "an array index must be an integer, not %s", i.t))
	}
	if i.t.kind == kBool {
		i = f.conv(i, tInt, p)
	}
	if i.cv != nil && i.t.signed && i.cv.i < 0 {
		f.fail(errUnsupported(p, "a negative constant index"))
	}
	idx := i.code
	if i.cv != nil {
		if i.t.signed {
			idx = fmt.Sprint(i.cv.i)
		} else {
			idx = fmt.Sprint(uint64(i.cv.i))
		}
	}
	elemVar := &variable{elemOf: b.v}
	switch {
	case b.v != nil && b.v.storage == storePtr:
		// a pointer variable: base[off + i]
		pv := b.v
		pv.used = true
		code := fmt.Sprintf("%s[%s + int64(%s)]", pv.ptrBase.goName, pv.goName, idx)
		if i.cv != nil && i.cv.i == 0 {
			code = fmt.Sprintf("%s[%s]", pv.ptrBase.goName, pv.goName)
		}
		elemVar.elemOf = pv.ptrBase
		return operand{code: code, t: pv.t.elem, lv: true, ro: pv.t.constElem, v: elemVar}
	case b.t.isBuffer():
		elemVar.elemOf = b.v
		return operand{code: b.code + "[" + idx + "]", t: b.t.elem, lv: true, ro: b.t.constElem, v: elemVar}
	case b.t.kind == kArray && b.v != nil && b.v.storage == storeShared:
		if b.v.sharedScalar {
			f.fail(errSource(p, "%s is not an array", b.v.name))
		}
		if i.cv != nil && b.t.n > 0 && i.cv.i >= b.t.n && i.t.signed {
			f.fail(errUnsupported(p, "a constant index past the end of the array"))
		}
		o := operand{code: b.code, t: b.t.elem, v: b.v, shIdx: append(append([]string(nil), b.shIdx...), idx)}
		if o.t.kind == kArray {
			return o
		}
		// flatten
		dims := b.v.dims
		flat := ""
		if len(dims) == 1 {
			flat = idx
		} else {
			for k, ix := range o.shIdx {
				stride := int64(1)
				for _, d := range dims[k+1:] {
					stride *= d
				}
				term := "int64(" + ix + ")"
				if stride != 1 {
					term += fmt.Sprintf("*%d", stride)
				}
				if flat != "" {
					flat += " + "
				}
				flat += term
			}
		}
		return operand{code: b.v.goName + "[" + flat + "]", t: o.t, lv: true, v: &variable{elemOf: b.v}}
	case b.t.kind == kArray:
		if i.cv != nil && (uint64(i.cv.i) >= uint64(b.t.n)) {
			f.fail(errUnsupported(p, "a constant index past the end of the array"))
		}
		var ev *variable
		if b.v != nil {
			ev = &variable{elemOf: b.v, name: b.v.name}
			if b.v.elemOf != nil {
				ev.elemOf = b.v.elemOf
			}
		}
		return operand{code: b.code + "[" + idx + "]", t: b.t.elem, lv: b.t.elem.isArith(), ro: b.ro, v: ev}
	}
	f.fail(errSource(p, "subscripted value is not an array or buffer (it is %s)", b.t))
	return operand{}
}

func (f *fgen) index(x *index) operand {
	b := f.expr(x.x)
	i := f.expr(x.i)
	if b.addr != nil { // (p + i)[j]
		f.fail(errUnsupported(x.p, "indexing a pointer expression"))
	}
	if b.t.isArith() && (i.t.isBuffer() || i.t.kind == kArray) { // i[p]
		b, i = i, b
	}
	return f.element(b, i, x.p)
}

func (f *fgen) member(x *member) operand {
	o := f.expr(x.x)
	if o.dim != "" && !x.arrow {
		switch x.name {
		case "x", "y", "z":
			return operand{code: fmt.Sprintf("uint32(%s.%s.%s)", f.thr, o.dim, strings.ToUpper(x.name)), t: tUInt}
		}
		f.fail(errSource(x.p, "%s has no member %s", o.dim, x.name))
	}
	if (o.t.kind == kPeer || o.t.kind == kSlice) && o.addr == nil && !x.arrow {
		switch x.name {
		case "len_":
			return operand{code: "int64(len(" + o.code + "))", t: tLLong}
		case "ptr_":
			f.fail(errUnsupported(x.p, "a raw pointer from ."+x.name))
		}
		f.fail(errSource(x.p, "call %s.%s() (a member function)", exprName(x.x), x.name))
	}
	f.fail(errUnsupported(x.p, "member access (."+x.name+")"))
	return operand{}
}

func exprName(e expr) string {
	if id, ok := e.(*ident); ok {
		return id.name
	}
	return "the buffer"
}

// lvalue translates the target of an assignment.
func (f *fgen) lvalue(e expr) operand {
	o := f.expr(e)
	p := e.pos()
	if !o.lv {
		if o.v != nil && o.v.storage == storePtr {
			f.fail(errUnsupported(p, "assigning to a pointer variable"))
		}
		if o.t != nil && o.t.isBuffer() {
			f.fail(errUnsupported(p, "assigning to a buffer parameter (declare a pointer variable)"))
		}
		if o.t != nil && o.t.kind == kArray {
			f.fail(errSource(p, "an array can't be assigned"))
		}
		f.fail(errSource(p, "expression is not assignable"))
	}
	if o.ro {
		f.fail(errSource(p, "can't assign to a read-only (const) value"))
	}
	return o
}

// incDec translates ++ and --; post says postfix, discard that the value is unused.
func (f *fgen) incDec(e expr, op string, post, discard bool, p Pos) operand {
	if pv := f.pointerVar(e); pv != nil {
		f.emit(p, fmt.Sprintf("%s%s", pv.goName, op))
		if !discard {
			f.fail(errUnsupported(p, "using a pointer variable as a value"))
		}
		return operand{isVoid: true, t: tVoid}
	}
	l := f.lvalue(e)
	if l.t.kind == kBool {
		f.fail(errSource(p, "%s on a bool", op))
	}
	if discard {
		f.emit(p, l.code+op)
		return operand{isVoid: true, t: tVoid}
	}
	if post {
		tmp := f.temp()
		f.emit(p, tmp+" := "+l.code)
		f.emit(p, l.code+op)
		return operand{code: tmp, t: l.t}
	}
	f.emit(p, l.code+op)
	return operand{code: l.code, t: l.t}
}

// pointerVar returns the pointer variable e names, if it names one.
func (f *fgen) pointerVar(e expr) *variable {
	for {
		pe, ok := e.(*paren)
		if !ok {
			break
		}
		e = pe.x
	}
	if id, ok := e.(*ident); ok {
		if v := f.scope.lookup(id.name); v != nil && v.storage == storePtr {
			v.used = true
			return v
		}
	}
	return nil
}
