package gokernel

// The Go-to-CUDA translation of expressions and calls.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"
)

// --- expressions ---

// sliceOf returns the buffer a slice expression names.
func (g *cudaGen) sliceOf(e ast.Expr) (cslice, bool) {
	v := g.p.varOf(e)
	s, ok := g.slices[v]
	return s, ok
}

// index is the C++ of a checked buffer index.
func (g *cudaGen) index(ix *ast.IndexExpr, length string) string {
	if i, ok := g.idxOverride[ix]; ok {
		return i
	}
	i := g.convertTo(ix.Index, types.Typ[types.Int64])
	if !g.bounds {
		return i
	}
	return fmt.Sprintf("gk::idx(%s, %s, %d)", i, length, g.site(ix))
}

// value is the C++ of e converted to t (untyped constants take t).
func (g *cudaGen) value(e ast.Expr, t types.Type) string {
	tv := g.p.info.Types[e]
	if tv.Value != nil && !isArray(t) {
		return g.constant(tv.Value, g.p.kindOf(t))
	}
	return g.expr(e)
}

// convertTo is the C++ of e as a value of the numeric type t.
func (g *cudaGen) convertTo(e ast.Expr, t types.Type) string {
	tv := g.p.info.Types[e]
	if tv.Value != nil {
		return g.constant(tv.Value, g.p.kindOf(t))
	}
	if types.Identical(tv.Type, t) || g.p.kindOf(tv.Type) == g.p.kindOf(t) {
		return g.expr(e)
	}
	return fmt.Sprintf("(%s)%s", g.ctype(t), g.paren(e))
}

// paren is the C++ of e, parenthesised unless it is atomic.
func (g *cudaGen) paren(e ast.Expr) string {
	s := g.expr(e)
	if isAtomicC(s) {
		return s
	}
	return "(" + s + ")"
}

func isAtomicC(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// constant is the C++ literal of v as kind k.
func (g *cudaGen) constant(v constant.Value, k kind) string {
	switch k {
	case kBool:
		return strconv.FormatBool(constant.BoolVal(v))
	case kF32:
		f, _ := constant.Float32Val(constant.ToFloat(v))
		return floatLit(float64(f), 32) + "f"
	case kF64:
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return floatLit(f, 64)
	}
	bits := constBits(v)
	switch k {
	case kI8:
		return fmt.Sprintf("(int8_t)%d", int8(bits))
	case kI16:
		return fmt.Sprintf("(int16_t)%d", int16(bits))
	case kI32:
		if int32(bits) == math.MinInt32 {
			return "(int32_t)(-2147483647 - 1)"
		}
		return strconv.Itoa(int(int32(bits)))
	case kI64:
		if bits == math.MinInt64 {
			return "(int64_t)(-9223372036854775807LL - 1)"
		}
		return strconv.FormatInt(bits, 10) + "LL"
	case kU8:
		return fmt.Sprintf("(uint8_t)%du", uint8(bits))
	case kU16:
		return fmt.Sprintf("(uint16_t)%du", uint16(bits))
	case kU32:
		return strconv.FormatUint(uint64(uint32(bits)), 10) + "u"
	case kU64:
		return strconv.FormatUint(uint64(bits), 10) + "ULL"
	}
	panic(fmt.Sprintf("constant of kind %d", k))
}

func floatLit(f float64, bits int) string {
	s := strconv.FormatFloat(f, 'g', -1, bits)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	if strings.Contains(s, "e") && !strings.Contains(s, ".") {
		// 1e+10 is a valid C++ floating literal
		return s
	}
	return s
}

func (g *cudaGen) expr(e ast.Expr) string {
	tv := g.p.info.Types[e]
	if tv.Value != nil {
		t := tv.Type
		if isUntyped(t) {
			t = types.Default(t)
		}
		return g.constant(tv.Value, g.p.kindOf(t))
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return g.expr(x.X)
	case *ast.Ident:
		v := g.p.info.ObjectOf(x).(*types.Var)
		return g.name(v)
	case *ast.UnaryExpr:
		return g.unary(x)
	case *ast.BinaryExpr:
		return g.binary(x)
	case *ast.IndexExpr:
		return g.indexExpr(x)
	case *ast.SelectorExpr:
		if which, axis, ok := g.p.threadField(x); ok {
			return fmt.Sprintf("(long long)%s.%c", [...]string{"threadIdx", "blockIdx", "blockDim", "gridDim"}[which], "xyz"[axis])
		}
	case *ast.CallExpr:
		return g.call(x)
	case *ast.CompositeLit:
		return g.compositeLit(x)
	}
	g.errorf(e.Pos(), "expression not supported by the CUDA translation")
	return "0"
}

func (g *cudaGen) indexExpr(x *ast.IndexExpr) string {
	if s, ok := g.sliceOf(x.X); ok {
		i := g.index(x, s.length)
		if s.peer {
			return fmt.Sprintf("peerbook::load_volatile(%s + %s)", s.ptr, i)
		}
		return fmt.Sprintf("%s[%s]", s.ptr, i)
	}
	return fmt.Sprintf("%s[%s]", g.paren(x.X), g.arrayIndex(x))
}

// arrayIndex is the C++ of a checked array index.
func (g *cudaGen) arrayIndex(x *ast.IndexExpr) string {
	if i, ok := g.idxOverride[x]; ok {
		return i
	}
	arr := g.p.typeOf(x.X).Underlying().(*types.Array)
	i := g.convertTo(x.Index, types.Typ[types.Int64])
	if g.bounds && g.p.info.Types[x.Index].Value == nil {
		i = fmt.Sprintf("gk::idx(%s, %dLL, %d)", i, arr.Len(), g.site(x))
	}
	return i
}

func (g *cudaGen) compositeLit(x *ast.CompositeLit) string {
	t := g.p.typeOf(x)
	arr := t.Underlying().(*types.Array)
	elems := make([]string, arr.Len())
	for i := range elems {
		elems[i] = g.zero(arr.Elem())
	}
	i := int64(0)
	for _, el := range x.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			i, _ = constant.Int64Val(constant.ToInt(g.p.info.Types[kv.Key].Value))
			el = kv.Value
		}
		elems[i] = g.value(el, arr.Elem())
		i++
	}
	return fmt.Sprintf("%s{{%s}}", g.ctype(t), strings.Join(elems, ", "))
}

func (g *cudaGen) unary(x *ast.UnaryExpr) string {
	t := g.p.typeOf(x)
	k := g.p.kindOf(t)
	switch x.Op {
	case token.ADD:
		return g.expr(x.X)
	case token.NOT:
		return "!" + g.paren(x.X)
	case token.XOR:
		return fmt.Sprintf("(%s)~%s", g.ctype(t), g.paren(x.X))
	case token.SUB:
		if k.isFloat() {
			return "-" + g.paren(x.X)
		}
		return fmt.Sprintf("gk::neg(%s)", g.expr(x.X))
	}
	g.errorf(x.Pos(), "operator %s not supported by the CUDA translation", x.Op)
	return "0"
}

func (g *cudaGen) binary(x *ast.BinaryExpr) string {
	switch x.Op {
	case token.LAND, token.LOR:
		return fmt.Sprintf("(%s %s %s)", g.expr(x.X), x.Op, g.expr(x.Y))
	case token.SHL, token.SHR:
		t := g.p.typeOf(x)
		if isUntyped(t) {
			t = types.Default(t)
		}
		a := g.value(x.X, t)
		return g.shift(x.Op, a, x.Y, t, x)
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		ot := g.p.typeOf(x.X)
		if isUntyped(ot) {
			ot = g.p.typeOf(x.Y)
		}
		if isUntyped(ot) {
			ot = types.Default(ot)
		}
		return fmt.Sprintf("(%s %s %s)", g.value(x.X, ot), x.Op, g.value(x.Y, ot))
	}
	t := g.p.typeOf(x)
	if isUntyped(t) {
		t = types.Default(t)
	}
	return g.binop(x.Op, g.value(x.X, t), g.value(x.Y, t), t, x)
}

// shift is a << n or a >> n with Go's rules for the count.
func (g *cudaGen) shift(op token.Token, a string, count ast.Expr, t types.Type, at ast.Node) string {
	fn := "gk::shl"
	if op == token.SHR {
		fn = "gk::shr"
	}
	ct := g.p.typeOf(count)
	tv := g.p.info.Types[count]
	var n string
	switch {
	case tv.Value != nil:
		c, _ := constant.Uint64Val(constant.ToInt(tv.Value))
		n = strconv.FormatUint(c, 10) + "ULL"
	case g.p.kindOf(ct).signed():
		n = fmt.Sprintf("gk::count((long long)%s, %d)", g.paren(count), g.site(at))
	default:
		n = fmt.Sprintf("(unsigned long long)%s", g.paren(count))
	}
	return fmt.Sprintf("%s<%s>(%s, %s)", fn, g.ctype(t), a, n)
}

// binop is a op b for C++ operands of type t, with Go's semantics.
func (g *cudaGen) binop(op token.Token, a, b string, t types.Type, at ast.Node) string {
	k := g.p.kindOf(t)
	ct := g.ctype(t)
	if k.isFloat() {
		switch op {
		case token.MUL:
			// never contracted into a fused multiply-add: Go rounds each operation
			if k == kF32 {
				return fmt.Sprintf("__fmul_rn(%s, %s)", a, b)
			}
			return fmt.Sprintf("__dmul_rn(%s, %s)", a, b)
		default:
			return fmt.Sprintf("(%s %s %s)", a, op, b)
		}
	}
	switch op {
	case token.ADD:
		return fmt.Sprintf("gk::add<%s>(%s, %s)", ct, a, b)
	case token.SUB:
		return fmt.Sprintf("gk::sub<%s>(%s, %s)", ct, a, b)
	case token.MUL:
		return fmt.Sprintf("gk::mul<%s>(%s, %s)", ct, a, b)
	case token.QUO:
		return fmt.Sprintf("gk::div<%s>(%s, %s, %d)", ct, a, b, g.site(at))
	case token.REM:
		return fmt.Sprintf("gk::rem<%s>(%s, %s, %d)", ct, a, b, g.site(at))
	case token.AND, token.OR, token.XOR:
		return fmt.Sprintf("(%s)(%s %s %s)", ct, a, op, b)
	case token.AND_NOT:
		return fmt.Sprintf("(%s)(%s & ~%s)", ct, a, b)
	case token.SHL, token.SHR:
		fn := "gk::shl"
		if op == token.SHR {
			fn = "gk::shr"
		}
		return fmt.Sprintf("%s<%s>(%s, (unsigned long long)%s)", fn, ct, a, b)
	}
	g.errorf(at.Pos(), "operator %s not supported by the CUDA translation", op)
	return "0"
}

var cudaMath = map[string]string{
	"Abs": "fabs", "Acos": "acos", "Asin": "asin", "Atan": "atan", "Atan2": "atan2", "Cbrt": "cbrt",
	"Ceil": "ceil", "Copysign": "copysign", "Cos": "cos", "Cosh": "cosh", "Erf": "erf", "Erfc": "erfc",
	"Exp": "exp", "Exp2": "exp2", "Expm1": "expm1", "FMA": "fma", "Floor": "floor", "Hypot": "hypot",
	"Log": "log", "Log10": "log10", "Log1p": "log1p", "Log2": "log2", "Mod": "fmod", "Pow": "pow",
	"Round": "round", "RoundToEven": "rint", "Sin": "sin", "Sinh": "sinh", "Sqrt": "sqrt",
	"Tan": "tan", "Tanh": "tanh", "Trunc": "trunc", "Max": "gk::math_max", "Min": "gk::math_min",
	"Inf": "gk::inf", "IsInf": "gk::is_inf", "IsNaN": "isnan", "NaN": "gk::nan", "Signbit": "signbit",
	"Float32bits": "__float_as_uint", "Float32frombits": "__uint_as_float",
	"Float64bits": "(uint64_t)__double_as_longlong", "Float64frombits": "__longlong_as_double",
}

func (g *cudaGen) call(x *ast.CallExpr) string {
	ci := g.p.classify(x)
	t := g.p.typeOf(x)
	switch ci.kind {
	case callConversion:
		if isArray(t) {
			return g.expr(x.Args[0])
		}
		from := g.p.typeOf(x.Args[0])
		if g.p.kindOf(from) == g.p.kindOf(t) {
			return g.expr(x.Args[0])
		}
		return fmt.Sprintf("(%s)%s", g.ctype(t), g.paren(x.Args[0]))
	case callBuiltin:
		switch ci.name {
		case "len", "cap":
			if arr, ok := g.p.typeOf(x.Args[0]).Underlying().(*types.Array); ok {
				return strconv.FormatInt(arr.Len(), 10) + "LL"
			}
			s, _ := g.sliceOf(x.Args[0])
			return s.length
		case "min", "max":
			acc := g.value(x.Args[0], t)
			for _, a := range x.Args[1:] {
				acc = fmt.Sprintf("gk::%s<%s>(%s, %s)", ci.name, g.ctype(t), acc, g.value(a, t))
			}
			return acc
		}
	case callMath:
		sig := g.p.typeOf(x.Fun).(*types.Signature)
		args := make([]string, len(x.Args))
		for i, a := range x.Args {
			args[i] = g.value(a, sig.Params().At(i).Type())
		}
		fn := cudaMath[ci.name]
		if ci.name == "Float64frombits" {
			args[0] = "(long long)" + args[0]
		}
		return fmt.Sprintf("%s(%s)", fn, strings.Join(args, ", "))
	case callGPU:
		return g.gpuCall(x, ci.name)
	case callThread:
		a := "xyz"[0]
		switch ci.name {
		case "GlobalX", "GlobalY", "GlobalZ":
			a = "xyz"[ci.name[6]-'X']
			return fmt.Sprintf("((long long)blockIdx.%c * blockDim.%c + threadIdx.%c)", a, a, a)
		case "StrideX":
			return "((long long)gridDim.x * blockDim.x)"
		}
	case callHalf:
		recv := x.Fun.(*ast.SelectorExpr).X
		if types.Identical(g.p.typeOf(recv), g.p.f16Type) {
			return fmt.Sprintf("gk::f16_to_f32(%s)", g.expr(recv))
		}
		return fmt.Sprintf("gk::bf16_to_f32(%s)", g.expr(recv))
	case callDevice:
		return g.deviceCall(x, ci.fn)
	}
	g.errorf(x.Pos(), "call not supported by the CUDA translation")
	return "0"
}

var atomicCNames = map[string]string{
	"AtomicAdd": "add", "AtomicMax": "max", "AtomicMin": "min", "AtomicExch": "exch",
	"AtomicCAS": "cas", "AtomicAnd": "and_", "AtomicOr": "or_", "AtomicXor": "xor_",
}

func (g *cudaGen) gpuCall(x *ast.CallExpr, name string) string {
	switch name {
	case "ToF16":
		return fmt.Sprintf("gk::f32_to_f16(%s)", g.value(x.Args[0], types.Typ[types.Float32]))
	case "ToBF16":
		return fmt.Sprintf("gk::f32_to_bf16(%s)", g.value(x.Args[0], types.Typ[types.Float32]))
	case "SyncSystem":
		return "sync_system()"
	case "Load4", "Store4":
		return g.vectorAccess(x, name)
	}
	buf, index := atomicTarget(x.Args[0])
	s, ok := g.sliceOf(buf)
	if !ok {
		g.errorf(x.Pos(), "atomic on an unknown buffer")
		return "0"
	}
	ix := &ast.IndexExpr{X: buf, Index: index, Lbrack: index.Pos()}
	ptr := fmt.Sprintf("%s + %s", s.ptr, g.index(ix, s.length))
	var args []string
	for _, a := range x.Args[1:] {
		args = append(args, g.value(a, s.elem))
	}
	ptr = fmt.Sprintf("(%s*)(%s)", g.ctype(s.elem), ptr) // drop const
	switch name {
	case "AtomicLoad":
		return fmt.Sprintf("gk::atomic_load(%s)", ptr)
	case "AtomicStore":
		return fmt.Sprintf("gk::atomic_store(%s, %s)", ptr, args[0])
	}
	scope := "dev_"
	if s.peer {
		scope = "sys_"
	}
	return fmt.Sprintf("gk::%s%s(%s)", scope, atomicCNames[name], strings.Join(append([]string{ptr}, args...), ", "))
}

// vectorAccess is gpu.Load4(x, i) or gpu.Store4(x, i, v): the runtime's load4 / store4 (one
// vector access where x[i] is aligned to it), load4_volatile / store4_volatile on Peer
// buffers; with bounds checks on, the forms that take the length and check x[i..i+3] after
// evaluating the arguments.
func (g *cudaGen) vectorAccess(x *ast.CallExpr, name string) string {
	s, ok := g.sliceOf(x.Args[0])
	if !ok {
		g.errorf(x.Pos(), "gpu.%s on an unknown buffer", name)
		return "0"
	}
	fn := "gk::load4"
	if name == "Store4" {
		fn = "gk::store4"
	}
	if s.peer {
		fn += "_volatile"
	}
	var args []string
	if g.bounds {
		args = []string{s.ptr, s.length, g.convertTo(x.Args[1], types.Typ[types.Int64])}
	} else {
		i := g.convertTo(x.Args[1], types.Typ[types.Int64])
		if !isAtomicC(i) {
			i = "(" + i + ")"
		}
		args = []string{s.ptr + " + " + i}
	}
	if name == "Store4" {
		args = append(args, g.expr(x.Args[2]))
	}
	if g.bounds {
		args = append(args, strconv.Itoa(g.site(x)))
	}
	return fmt.Sprintf("%s(%s)", fn, strings.Join(args, ", "))
}

func (g *cudaGen) deviceCall(x *ast.CallExpr, callee *function) string {
	var args []string
	params := callee.allParams()
	for i, a := range x.Args {
		pt := params[i].Type()
		switch {
		case g.p.isThread(pt):
		case sliceElem(pt) != nil:
			s, _ := g.sliceOf(a)
			ptr := s.ptr
			if !s.peer {
				ptr = fmt.Sprintf("(%s*)%s", g.ctype(s.elem), s.ptr)
			} else {
				ptr = fmt.Sprintf("(%s*)%s", g.ctype(s.elem), s.ptr)
			}
			args = append(args, ptr, s.length)
		default:
			args = append(args, g.value(a, pt))
		}
	}
	return fmt.Sprintf("%s(%s)", g.fnNames[callee], strings.Join(args, ", "))
}
