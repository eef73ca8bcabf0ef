package gokernel

// Compiling places (what assignments store to) and expressions for the CPU executor.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"github.com/peerbook/peerbook/gpu/internal/half"
)

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
