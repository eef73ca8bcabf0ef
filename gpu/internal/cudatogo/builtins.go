package cudatogo

import (
	"fmt"
	"strings"
)

// result gives the value of a call with side effects: a statement when discarded (or
// void), otherwise a temporary assigned first, so that no Go statement makes two such calls.
func (f *fgen) result(p Pos, code string, t *ctype, discard bool) operand {
	if discard || t == tVoid {
		f.emit(p, code)
		return operand{isVoid: true, t: tVoid}
	}
	tmp := f.temp()
	f.emit(p, tmp+" := "+code)
	return operand{code: tmp, t: t}
}

func voidOp() operand { return operand{isVoid: true, t: tVoid} }

func (f *fgen) call(x *call, discard bool) operand {
	switch fn := x.fn.(type) {
	case *member:
		return f.method(fn, x, discard)
	case *paren:
		return f.call(&call{p: x.p, fn: fn.x, args: x.args}, discard)
	case *ident:
		name := fn.name
		if v := f.scope.lookup(name); v != nil {
			f.fail(errSource(fn.p, "%s is a variable, not a function", name))
		}
		if d := f.tr.f.funcs[name]; d != nil {
			return f.deviceCall(d, x, discard)
		}
		if d := f.tr.f.bad[name]; d != nil {
			f.failBad(name, fn.p, d)
		}
		if _, ok := f.tr.f.fnMac[name]; ok {
			f.fail(errUnsupported(fn.p, "the function-like macro "+name))
		}
		return f.builtin(name, x, discard)
	}
	f.fail(errUnsupported(x.p, "calling this expression"))
	return operand{}
}

func (f *fgen) wantArgs(x *call, name string, counts ...int) {
	for _, n := range counts {
		if len(x.args) == n {
			return
		}
	}
	f.fail(errSource(x.p, "%s takes %d arguments, not %d", name, counts[0], len(x.args)))
}

// deviceCall calls a __device__ function of the source.
func (f *fgen) deviceCall(d *funcDecl, x *call, discard bool) operand {
	if d.global {
		f.fail(errUnsupported(x.p, "launching a kernel from device code"))
	}
	if len(x.args) > len(d.params) {
		f.fail(errSource(x.p, "too many arguments to %s (it takes %d)", d.name, len(d.params)))
	}
	codes := []string{f.thr}
	for i, prm := range d.params {
		var a operand
		switch {
		case i < len(x.args):
			a = f.expr(x.args[i])
		case prm.def != nil:
			a = f.expr(prm.def)
		default:
			f.fail(errSource(x.p, "too few arguments to %s (it takes %d)", d.name, len(d.params)))
		}
		p := x.p
		if i < len(x.args) {
			p = x.args[i].pos()
		}
		if prm.t.isBuffer() {
			codes = append(codes, f.bufferArg(a, prm.t, p))
		} else {
			codes = append(codes, f.conv(a, prm.t, p).code)
		}
	}
	if !f.callees[d] {
		f.callees[d] = true
		f.calleeList = append(f.calleeList, d)
	}
	return f.result(x.p, f.tr.goName(d.name)+"("+strings.Join(codes, ", ")+")", d.ret, discard)
}

// bufferArg checks a buffer argument against a buffer parameter of type pt.
func (f *fgen) bufferArg(a operand, pt *ctype, p Pos) string {
	switch {
	case a.addr != nil:
		f.fail(errUnsupported(p, "passing an element's address to a function (pass the buffer and an index)"))
	case a.v != nil && a.v.storage == storePtr:
		f.fail(errUnsupported(p, "passing a pointer variable to a function"))
	case a.t.kind == kArray && a.v != nil && a.v.storage == storeShared && len(a.shIdx) == 0 && len(a.v.dims) == 1 && !a.v.sharedScalar:
		if pt.kind != kPointer || !sameGo(pt.elem, a.v.elem) {
			f.fail(errSource(p, "can't pass __shared__ %s[] as %s", a.v.elem, pt))
		}
		return a.v.goName
	case a.t.kind == kArray:
		f.fail(errUnsupported(p, "passing a local or multi-dimensional array to a function"))
	case a.t.isBuffer():
		if a.t.kind != pt.kind || !sameGo(a.t.elem, pt.elem) || a.t.constElem && !pt.constElem {
			f.fail(errSource(p, "can't pass %s as %s", a.t, pt))
		}
		return a.code
	}
	f.fail(errSource(p, "can't pass a %s value as %s", a.t, pt))
	return ""
}

// method translates buf.len(), buf.size() and the Peer<T> members.
func (f *fgen) method(m *member, x *call, discard bool) operand {
	b := f.expr(m.x)
	if m.arrow || !(b.t.kind == kPeer || b.t.kind == kSlice) || b.addr != nil {
		f.fail(errUnsupported(m.p, "a member function other than those of Peer<T> and Slice<T> (."+m.name+"())"))
	}
	peer := b.t.kind == kPeer
	idx := func(k int) operand {
		o := f.conv(f.expr(x.args[k]), tLLong, x.args[k].pos())
		return f.element(b, o, x.args[k].pos())
	}
	switch m.name {
	case "len", "size":
		f.wantArgs(x, m.name, 0)
		return operand{code: "int64(len(" + b.code + "))", t: tLLong}
	case "data", "begin", "end", "volatile_data":
		f.fail(errUnsupported(m.p, "a raw pointer from ."+m.name+"()"))
	}
	if !peer {
		f.fail(errSource(m.p, "Slice<T> has no member %s", m.name))
	}
	switch m.name {
	case "load":
		f.wantArgs(x, m.name, 1)
		return idx(0)
	case "store":
		f.wantArgs(x, m.name, 2)
		el := idx(0)
		f.noConstStore(el, m.p)
		v := f.conv(f.expr(x.args[1]), el.t, x.args[1].pos())
		f.emit(x.p, el.code+" = "+v.code)
		return voidOp()
	case "load_acquire":
		f.wantArgs(x, m.name, 1)
		el := idx(0)
		f.orderedType(el.t, m.p, m.name)
		return f.result(x.p, "gpu.AtomicLoad(&"+el.code+")", el.t, discard)
	case "store_release":
		f.wantArgs(x, m.name, 2)
		el := idx(0)
		f.noConstStore(el, m.p)
		f.orderedType(el.t, m.p, m.name)
		v := f.conv(f.expr(x.args[1]), el.t, x.args[1].pos())
		f.emit(x.p, "gpu.SyncSystem()")
		f.emit(x.p, "gpu.AtomicStore(&"+el.code+", "+v.code+")")
		return voidOp()
	case "at":
		f.wantArgs(x, m.name, 1)
		el := idx(0)
		return operand{addr: &address{elem: el.code, t: el.t, peer: true, ro: el.ro, base: b.v},
			t: &ctype{kind: kPointer, elem: el.t}}
	}
	f.fail(errSource(m.p, "Peer<T> has no member %s", m.name))
	return operand{}
}

func (f *fgen) noConstStore(el operand, p Pos) {
	if el.ro {
		f.fail(errSource(p, "can't store to a read-only (const) buffer"))
	}
}

// orderedType checks the element type of an acquire/release access or a flag.
func (f *fgen) orderedType(t *ctype, p Pos, what string) {
	switch t.goType() {
	case "int32", "uint32", "int64", "uint64", "float32", "float64":
		return
	}
	f.fail(errUnsupported(p, fmt.Sprintf("%s on %s elements (4- and 8-byte elements are)", what, t)))
}

var atomicOps = map[string]string{"atomicAdd": "AtomicAdd", "atomicSub": "AtomicAdd", "atomicExch": "AtomicExch",
	"atomicMin": "AtomicMin", "atomicMax": "AtomicMax", "atomicCAS": "AtomicCAS", "atomicAnd": "AtomicAnd",
	"atomicOr": "AtomicOr", "atomicXor": "AtomicXor", "atomicInc": "", "atomicDec": ""}

// atomicAddress translates the first argument of an atomic: &buf[i], buf + i, buf.
func (f *fgen) atomicAddress(e expr, name string) *address {
	o := f.expr(e)
	if o.addr == nil && (o.t.isBuffer() || o.v != nil && o.v.storage == storeShared && !o.v.sharedScalar && len(o.v.dims) == 1 && len(o.shIdx) == 0) {
		b := o
		if b.t.kind == kArray {
			b = operand{code: o.v.goName, t: &ctype{kind: kPointer, elem: o.v.elem}, v: o.v}
		}
		el := f.element(b, constOp(tInt, cval{}), e.pos())
		return &address{elem: el.code, t: el.t, peer: b.t.kind == kPeer, ro: el.ro, base: b.v}
	}
	if o.addr == nil {
		f.fail(errSource(e.pos(), "the first argument of %s must be an address (&buf[i])", name))
	}
	return o.addr
}

// builtin translates a call of a CUDA or prelude function.
func (f *fgen) builtin(name string, x *call, discard bool) operand {
	p := x.p
	base := strings.TrimSuffix(strings.TrimSuffix(name, "_system"), "_block")
	if op, ok := atomicOps[base]; ok {
		n := 2
		if base == "atomicCAS" {
			n = 3
		}
		f.wantArgs(x, name, n)
		a := f.atomicAddress(x.args[0], name)
		if a.ro {
			f.fail(errSource(p, "%s on a read-only (const) buffer", name))
		}
		gt := a.t.goType()
		switch {
		case base == "atomicInc" || base == "atomicDec":
			if gt != "uint32" {
				f.fail(errUnsupported(p, fmt.Sprintf("%s on %s", name, a.t)))
			}
		case op == "AtomicAnd" || op == "AtomicOr" || op == "AtomicXor":
			if !strings.Contains("int32 uint32 int64 uint64", gt) || !a.t.isInt() {
				f.fail(errUnsupported(p, fmt.Sprintf("%s on %s", name, a.t)))
			}
		default:
			if !strings.Contains("int32 uint32 int64 uint64 float32 float64", gt) || a.t.kind == kBool {
				f.fail(errUnsupported(p, fmt.Sprintf("%s on %s", name, a.t)))
			}
		}
		var vals []string
		for k, arg := range x.args[1:] {
			v := f.conv(f.expr(arg), a.t, arg.pos())
			if base == "atomicSub" && k == 0 {
				switch {
				case v.cv != nil && a.t.kind == kFloat:
					v = constOp(a.t, cval{f: -v.cv.f})
				case v.cv != nil:
					v = constOp(a.t, cval{i: normInt(a.t, -uint64(v.cv.i))})
				default:
					v.code = "-" + goParen(v.code)
				}
			}
			vals = append(vals, v.code)
		}
		var code string
		if op == "" {
			h := strings.TrimPrefix(base, "atomic")
			helper := "atomic" + h
			if a.peer {
				helper += "Peer"
			}
			bufCode, idx := splitElem(a.elem)
			code = f.helper(helper) + "(" + bufCode + ", int64(" + idx + "), " + vals[0] + ")"
		} else {
			code = "gpu." + op + "(&" + a.elem + ", " + strings.Join(vals, ", ") + ")"
		}
		return f.result(p, code, a.t, discard)
	}
	switch name {
	case "__syncthreads":
		f.wantArgs(x, name, 0)
		if !f.fn.global {
			f.fail(errUnsupported(p, "__syncthreads() in a __device__ function (call it in the kernel)"))
		}
		f.emit(p, f.thr+".Barrier()")
		return voidOp()
	case "__nanosleep":
		// A pause in a spin loop: nothing to do on the simulator (its loops notice interrupts).
		f.wantArgs(x, name, 1)
		f.conv(f.expr(x.args[0]), tUInt, x.args[0].pos())
		return voidOp()
	case "__threadfence_system", "__threadfence", "__threadfence_block", "sync_system", "sync_device":
		f.wantArgs(x, name, 0)
		f.emit(p, "gpu.SyncSystem()")
		return voidOp()
	case "global_thread_id":
		f.wantArgs(x, name, 0)
		t := f.thr
		return operand{t: tLLong, code: fmt.Sprintf("int64((%[1]s.BlockIdx.X+%[1]s.GridDim.X*(%[1]s.BlockIdx.Y+%[1]s.GridDim.Y*%[1]s.BlockIdx.Z))*(%[1]s.BlockDim.X*%[1]s.BlockDim.Y*%[1]s.BlockDim.Z) + %[1]s.ThreadIdx.X + %[1]s.BlockDim.X*(%[1]s.ThreadIdx.Y+%[1]s.BlockDim.Y*%[1]s.ThreadIdx.Z))", t)}
	case "global_thread_count":
		f.wantArgs(x, name, 0)
		return operand{t: tLLong, code: fmt.Sprintf("int64(%[1]s.GridDim.X * %[1]s.GridDim.Y * %[1]s.GridDim.Z * %[1]s.BlockDim.X * %[1]s.BlockDim.Y * %[1]s.BlockDim.Z)", f.thr)}
	case "flag_set", "flag_wait", "flag_wait_at_least":
		if name == "flag_set" {
			f.wantArgs(x, name, 3)
		} else {
			f.wantArgs(x, name, 3, 4)
		}
		b := f.expr(x.args[0])
		if b.t.kind != kPeer || b.addr != nil {
			f.fail(errSource(x.args[0].pos(), "the first argument of %s must be a Peer<T> buffer", name))
		}
		f.orderedType(b.t.elem, p, name)
		i := f.conv(f.expr(x.args[1]), tLLong, x.args[1].pos())
		el := f.element(b, i, x.args[1].pos())
		v := f.conv(f.expr(x.args[2]), b.t.elem, x.args[2].pos())
		timeout := constOp(tULLong, cval{i: 10_000_000_000}) // the prelude's default, in ns
		if len(x.args) == 4 {
			timeout = f.conv(f.expr(x.args[3]), tULLong, x.args[3].pos())
		}
		if name == "flag_set" {
			f.noConstStore(el, p)
			f.emit(p, "gpu.SyncSystem()")
			f.emit(p, "gpu.AtomicStore(&"+el.code+", "+v.code+")")
			return voidOp()
		}
		h := "flagWait"
		if name == "flag_wait_at_least" {
			h = "flagWaitAtLeast"
		}
		h += "_" + b.t.elem.goType()
		return f.result(p, f.helper(h)+"("+b.code+", "+i.code+", "+v.code+", "+timeout.code+")", tBool, discard)
	case "peer_load", "peer_load_acquire", "peer_store", "peer_store_release":
		store := strings.HasPrefix(name, "peer_store")
		if store {
			f.wantArgs(x, name, 2)
		} else {
			f.wantArgs(x, name, 1)
		}
		a := f.atomicAddress(x.args[0], name)
		if !a.peer {
			f.fail(errSource(x.args[0].pos(), "%s takes the address of a Peer<T> element", name))
		}
		switch name {
		case "peer_load":
			return operand{code: a.elem, t: a.t}
		case "peer_load_acquire":
			f.orderedType(a.t, p, name)
			return f.result(p, "gpu.AtomicLoad(&"+a.elem+")", a.t, discard)
		}
		if a.ro {
			f.fail(errSource(p, "%s on a read-only (const) buffer", name))
		}
		v := f.conv(f.expr(x.args[1]), a.t, x.args[1].pos())
		if name == "peer_store" {
			f.emit(p, a.elem+" = "+v.code)
			return voidOp()
		}
		f.orderedType(a.t, p, name)
		f.emit(p, "gpu.SyncSystem()")
		f.emit(p, "gpu.AtomicStore(&"+a.elem+", "+v.code+")")
		return voidOp()
	}
	if o, ok := f.mathCall(name, x); ok {
		return o
	}
	f.fail(errUnsupported(x.fn.pos(), name))
	return operand{}
}

// splitElem splits "buf[index]" into "buf" and "index".
func splitElem(elem string) (string, string) {
	i := strings.IndexByte(elem, '[')
	return elem[:i], elem[i+1 : len(elem)-1]
}

// mathSpec is a math function: its Go function and how its types go.
type mathSpec struct {
	goFn string // math.X(args...) on float64
	n    int
	prec byte // 'f': float, 'd': double, 'o': overloaded (float if the arguments are)
}

var mathFuncs = map[string]mathSpec{}

func init() {
	one := map[string]string{"sqrt": "Sqrt", "cbrt": "Cbrt", "exp": "Exp", "exp2": "Exp2", "expm1": "Expm1",
		"log": "Log", "log2": "Log2", "log10": "Log10", "log1p": "Log1p", "sin": "Sin", "cos": "Cos",
		"tan": "Tan", "asin": "Asin", "acos": "Acos", "atan": "Atan", "sinh": "Sinh", "cosh": "Cosh",
		"tanh": "Tanh", "fabs": "Abs", "floor": "Floor", "ceil": "Ceil", "trunc": "Trunc", "round": "Round",
		"rint": "RoundToEven", "nearbyint": "RoundToEven", "erf": "Erf", "erfc": "Erfc"}
	two := map[string]string{"pow": "Pow", "atan2": "Atan2", "fmod": "Mod", "hypot": "Hypot", "copysign": "Copysign"}
	add := func(m map[string]string, n int) {
		for c, g := range m {
			mathFuncs[c] = mathSpec{goFn: "math." + g, n: n, prec: 'o'}
			mathFuncs[c+"f"] = mathSpec{goFn: "math." + g, n: n, prec: 'f'}
		}
	}
	add(one, 1)
	add(two, 2)
	mathFuncs["fma"] = mathSpec{goFn: "math.FMA", n: 3, prec: 'o'}
	mathFuncs["fmaf"] = mathSpec{goFn: "math.FMA", n: 3, prec: 'f'}
	mathFuncs["__fmaf_rn"] = mathSpec{goFn: "math.FMA", n: 3, prec: 'f'}
	mathFuncs["__fma_rn"] = mathSpec{goFn: "math.FMA", n: 3, prec: 'd'}
	for _, fast := range []string{"exp", "log", "sin", "cos", "tan", "log2", "log10"} {
		mathFuncs["__"+fast+"f"] = mathFuncs[fast+"f"]
	}
	mathFuncs["__powf"] = mathFuncs["powf"]
	mathFuncs["__fsqrt_rn"] = mathFuncs["sqrtf"]
	mathFuncs["__dsqrt_rn"] = mathSpec{goFn: "math.Sqrt", n: 1, prec: 'd'}
}

// mathType picks the floating-point type of a math call: float or double, or for the
// overloaded names, as CUDA's C++ overloads do (double if any argument is, else float if
// any is, else double).
func mathType(prec byte, args []operand) *ctype {
	switch prec {
	case 'f':
		return tFloat
	case 'd':
		return tDouble
	}
	anyFloat := false
	for _, a := range args {
		if a.t == tDouble {
			return tDouble
		}
		anyFloat = anyFloat || a.t == tFloat
	}
	if anyFloat {
		return tFloat
	}
	return tDouble
}

// mathCall translates the math, bit and conversion functions (all free of side effects).
func (f *fgen) mathCall(name string, x *call) (operand, bool) {
	p := x.p
	args := func(n int) []operand { return f.numArgs(x, name, n) }
	floatCall := func(t *ctype, fn string, as []operand) operand { return f.floatCall(t, fn, as, p) }
	if s, ok := mathFuncs[name]; ok {
		as := args(s.n)
		return floatCall(mathType(s.prec, as), s.goFn, as), true
	}
	binop := func(t *ctype, op string) operand {
		as := args(2)
		a, b := f.conv(as[0], t, p), f.conv(as[1], t, p)
		return f.arith(op, a, b, p)
	}
	switch name {
	case "rsqrtf", "rsqrt":
		as := args(1)
		t := mathType(map[bool]byte{true: 'f', false: 'o'}[name == "rsqrtf"], as)
		s := floatCall(t, "math.Sqrt", as)
		return f.arith("/", constOp(t, cval{f: 1}), s, p), true
	case "exp10f", "exp10", "__exp10f":
		as := args(1)
		t := mathType(map[bool]byte{true: 'o', false: 'f'}[name == "exp10"], as)
		return floatCall(t, "math.Pow", []operand{constOp(t, cval{f: 10}), as[0]}), true
	case "fminf", "fmaxf", "fmin", "fmax":
		as := args(2)
		t := tFloat
		if !strings.HasSuffix(name, "f") {
			t = mathType('o', as)
		}
		h := strings.TrimSuffix(name, "f")
		if t == tFloat {
			h += "f"
		}
		return operand{code: f.helper(h) + "(" + f.conv(as[0], t, p).code + ", " + f.conv(as[1], t, p).code + ")", t: t}, true
	case "__saturatef":
		as := args(1)
		return operand{code: f.helper("saturatef") + "(" + f.conv(as[0], tFloat, p).code + ")", t: tFloat}, true
	case "__fdividef", "fdividef", "__fdiv_rn", "__fdiv_rz":
		return binop(tFloat, "/"), true
	case "__fadd_rn":
		return binop(tFloat, "+"), true
	case "__fsub_rn":
		return binop(tFloat, "-"), true
	case "__fmul_rn":
		return binop(tFloat, "*"), true
	case "__dadd_rn":
		return binop(tDouble, "+"), true
	case "__dsub_rn":
		return binop(tDouble, "-"), true
	case "__dmul_rn":
		return binop(tDouble, "*"), true
	case "__ddiv_rn":
		return binop(tDouble, "/"), true
	case "__frcp_rn":
		as := args(1)
		return f.arith("/", constOp(tFloat, cval{f: 1}), f.conv(as[0], tFloat, p), p), true
	case "isnan", "isinf", "isfinite", "signbit", "__isnanf", "__isinff":
		as := args(1)
		v := f.conv(as[0], tDouble, p).code
		switch strings.TrimPrefix(strings.TrimSuffix(name, "f"), "__") {
		case "isnan":
			return operand{code: "math.IsNaN(" + v + ")", t: tBool}, true
		case "isinf":
			return operand{code: "math.IsInf(" + v + ", 0)", t: tBool}, true
		case "signbit":
			return operand{code: "math.Signbit(" + v + ")", t: tBool}, true
		}
		return operand{code: "!math.IsNaN(" + v + ") && !math.IsInf(" + v + ", 0)", t: tBool}, true
	case "abs", "labs", "llabs":
		return f.absCall(name, args(1), p), true
	case "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax":
		return f.minMaxCall(name, args(2), p), true
	}
	if o, ok := f.bitsCall(name, x); ok {
		return o, true
	}
	if o, ok := f.convIntrinsic(name, x); ok {
		return o, true
	}
	return operand{}, false
}

// numArgs translates the n arguments of the math call x (of function name), which must be
// numbers.
func (f *fgen) numArgs(x *call, name string, n int) []operand {
	f.wantArgs(x, name, n)
	out := make([]operand, n)
	for i, a := range x.args {
		out[i] = f.value(f.expr(a), a.pos())
		if !out[i].t.isArith() {
			f.fail(errSource(a.pos(), "%s takes numbers", name))
		}
	}
	return out
}

// floatCall calls the Go function fn (of float64s) on as converted to t, in t.
func (f *fgen) floatCall(t *ctype, fn string, as []operand, p Pos) operand {
	codes := make([]string, len(as))
	for i, a := range as {
		c := f.conv(a, t, p).code
		if t == tFloat {
			c = "float64(" + c + ")"
		}
		codes[i] = c
	}
	code := fn + "(" + strings.Join(codes, ", ") + ")"
	if t == tFloat {
		code = "float32(" + code + ")"
	}
	return operand{code: code, t: t}
}

// absCall translates abs, labs and llabs of the operand in as.
func (f *fgen) absCall(name string, as []operand, p Pos) operand {
	a := as[0]
	switch {
	case name == "labs" || name == "llabs":
		a = f.conv(a, tLLong, p)
	case a.t.kind == kFloat:
		return f.floatCall(a.t, "math.Abs", as, p)
	default:
		a = f.conv(a, promote(a.t), p)
	}
	if !a.t.signed {
		return a
	}
	if a.cv != nil {
		v := *a.cv
		if v.i < 0 {
			v.i = normInt(a.t, -uint64(v.i))
		}
		return constOp(a.t, v)
	}
	return operand{code: "max(" + a.code + ", -" + goParen(a.code) + ")", t: a.t}
}

// minMaxCall translates min, max and their typed forms (umin, llmax, ...) of the two
// operands in as.
func (f *fgen) minMaxCall(name string, as []operand, p Pos) operand {
	var t *ctype
	switch name {
	case "umin", "umax":
		t = tUInt
	case "llmin", "llmax":
		t = tLLong
	case "ullmin", "ullmax":
		t = tULLong
	default:
		t = common(as[0].t, as[1].t)
	}
	a, b := f.conv(as[0], t, p), f.conv(as[1], t, p)
	fn := name[len(name)-3:]
	if t.kind == kFloat {
		h := "f" + fn
		if t == tFloat {
			h += "f"
		}
		return operand{code: f.helper(h) + "(" + a.code + ", " + b.code + ")", t: t}
	}
	if a.cv != nil && b.cv != nil {
		less := foldBinary("<", t, *a.cv, *b.cv).i != 0
		if less == (fn == "min") {
			return a
		}
		return b
	}
	return operand{code: fn + "(" + a.code + ", " + b.code + ")", t: t}
}

// bitsCall translates the functions that reinterpret or count bits (__float_as_int,
// __popc, __umulhi, ...); it reports false for other names.
func (f *fgen) bitsCall(name string, x *call) (operand, bool) {
	p := x.p
	args := func(n int) []operand { return f.numArgs(x, name, n) }
	switch name {
	case "__float_as_int", "__float_as_uint":
		as := args(1)
		code := "math.Float32bits(" + f.conv(as[0], tFloat, p).code + ")"
		if name == "__float_as_int" {
			return operand{code: "int32(" + code + ")", t: tInt}, true
		}
		return operand{code: code, t: tUInt}, true
	case "__int_as_float", "__uint_as_float":
		as := args(1)
		return operand{code: "math.Float32frombits(" + f.conv(as[0], tUInt, p).code + ")", t: tFloat}, true
	case "__double_as_longlong":
		as := args(1)
		return operand{code: "int64(math.Float64bits(" + f.conv(as[0], tDouble, p).code + "))", t: tLLong}, true
	case "__longlong_as_double":
		as := args(1)
		return operand{code: "math.Float64frombits(" + f.conv(as[0], tULLong, p).code + ")", t: tDouble}, true
	case "__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", "__brev", "__brevll":
		as := args(1)
		wide := strings.HasSuffix(name, "ll")
		arg, h := tUInt, strings.TrimPrefix(strings.TrimSuffix(name, "ll"), "__")
		if wide {
			arg = tULLong
			h += "64"
		} else {
			h += "32"
		}
		res := tInt
		if strings.HasPrefix(h, "brev") {
			res = arg
		}
		return operand{code: f.helper(h) + "(" + f.conv(as[0], arg, p).code + ")", t: res}, true
	case "__umulhi":
		as := args(2)
		a, b := f.conv(as[0], tUInt, p), f.conv(as[1], tUInt, p)
		return operand{code: "uint32((uint64(" + a.code + ") * uint64(" + b.code + ")) >> 32)", t: tUInt}, true
	case "__mulhi":
		as := args(2)
		a, b := f.conv(as[0], tInt, p), f.conv(as[1], tInt, p)
		return operand{code: "int32((int64(" + a.code + ") * int64(" + b.code + ")) >> 32)", t: tInt}, true
	}
	return operand{}, false
}

// convIntrinsic translates __float2int_rn and its family.
func (f *fgen) convIntrinsic(name string, x *call) (operand, bool) {
	if !strings.HasPrefix(name, "__") || !strings.Contains(name, "2") {
		return operand{}, false
	}
	from, rest, _ := strings.Cut(name[2:], "2")
	to, mode, ok := strings.Cut(rest, "_")
	types := map[string]*ctype{"float": tFloat, "double": tDouble, "int": tInt, "uint": tUInt,
		"ll": tLLong, "ull": tULLong}
	ft, tt := types[from], types[to]
	rounds := map[string]string{"rn": "math.RoundToEven", "rz": "", "rd": "math.Floor", "ru": "math.Ceil"}
	fn, okMode := rounds[mode]
	if !ok || ft == nil || tt == nil || !okMode {
		return operand{}, false
	}
	f.wantArgs(x, name, 1)
	a := f.conv(f.value(f.expr(x.args[0]), x.args[0].pos()), ft, x.p)
	switch {
	case ft.kind == kFloat && tt.kind == kInt:
		if fn != "" {
			code := a.code
			if ft == tFloat {
				code = "float64(" + code + ")"
			}
			a = operand{code: fn + "(" + code + ")", t: tDouble}
		}
		return f.conv(a, tt, x.p), true
	case ft.kind == kFloat && tt.kind == kFloat || mode == "rn":
		return f.conv(a, tt, x.p), true
	}
	f.fail(errUnsupported(x.p, name))
	return operand{}, false
}
