package gokernel

import (
	"fmt"
	"go/constant"
	"go/token"
	"unsafe"
)

// kernelPanic is a run-time failure of a kernel thread, raised with panic and recovered by
// the block runner, which names the block and thread.
type kernelPanic struct {
	pos string
	msg string
}

func panicIndex(i int64, n int, pos string) {
	panic(&kernelPanic{pos: pos, msg: fmt.Sprintf("index out of range [%d] with length %d", i, n)})
}

func panicAt(pos, msg string) { panic(&kernelPanic{pos: pos, msg: msg}) }

// val is a compiled scalar expression.
type val struct {
	e    any  // ev[T] for the kind's Go type
	k    kind // kind of the value
	cst  any  // the constant's Go value where the expression is constant, else nil
	slot int  // >= 0: the expression is a plain read of this scalar slot
	// jump, for comparisons of slots and constants, builds a conditional jump that compares
	// without calling the operands' closures: to target when the comparison != unless, else
	// to next.
	jump func(target *int, next int, unless bool) instr
}

func constVal[T any](v T, k kind) val {
	return val{e: ev[T](func(*frame) T { return v }), k: k, cst: v, slot: -1}
}

func slotVal[T any](k int, kd kind) val {
	return val{e: ev[T](func(fr *frame) T { return *(*T)(unsafe.Pointer(&fr.v[k])) }), k: kd, slot: k}
}

func exprVal[T any](e ev[T], k kind) val { return val{e: e, k: k, slot: -1} }

// constantOf converts a go/constant value to a val of kind k.
func constantOf(v constant.Value, k kind) val {
	switch k {
	case kBool:
		return constVal(constant.BoolVal(v), k)
	case kF32:
		f, _ := constant.Float32Val(constant.ToFloat(v))
		return constVal(f, k)
	case kF64:
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return constVal(f, k)
	}
	bits := constBits(v)
	switch k {
	case kI8:
		return constVal(int8(bits), k)
	case kI16:
		return constVal(int16(bits), k)
	case kI32:
		return constVal(int32(bits), k)
	case kI64:
		return constVal(bits, k)
	case kU8:
		return constVal(uint8(bits), k)
	case kU16:
		return constVal(uint16(bits), k)
	case kU32:
		return constVal(uint32(bits), k)
	case kU64:
		return constVal(uint64(bits), k)
	}
	panic(fmt.Sprintf("gokernel: constant of kind %d", k))
}

// zeroVal is the zero value of kind k.
func zeroVal(k kind) val {
	return constantOf(constant.MakeInt64(0), k)
}

// --- the operators of each number type ---

// arith are the operators of one Go number type, so that each operator finds its operand's
// type once (arithOf) and the generic code for that type does the rest.
type arith interface {
	binary(op token.Token, a, b val, pos string) val
	// unary and shift report false for an operator the type does not have.
	unary(op token.Token, a val) (val, bool)
	shift(op token.Token, a val, n ev[uint64], cnt *uint64) (val, bool)
	convertTo(a val, to kind) val
	minMax(isMax bool, a, b val) val
}

// numArith are the operators every number type has.
type numArith[T number] struct{}

func (numArith[T]) convertTo(a val, to kind) val { return convertFrom(a.e.(ev[T]), to) }

func (numArith[T]) minMax(isMax bool, a, b val) val {
	return minMaxOf(isMax, a.e.(ev[T]), b.e.(ev[T]), a.k)
}

type intArith[T integer] struct{ numArith[T] }

func (intArith[T]) binary(op token.Token, a, b val, pos string) val {
	return intBinary(op, a.e.(ev[T]), b.e.(ev[T]), a, b, pos)
}

func (intArith[T]) unary(op token.Token, a val) (val, bool) {
	return intUnary(op, a.e.(ev[T]), a.k), true
}

func (intArith[T]) shift(op token.Token, a val, n ev[uint64], cnt *uint64) (val, bool) {
	return shift(op, a.e.(ev[T]), n, cnt, a.k), true
}

type floatArith[T float] struct{ numArith[T] }

func (floatArith[T]) binary(op token.Token, a, b val, pos string) val {
	return floatBinary(op, a.e.(ev[T]), b.e.(ev[T]), a, b)
}

func (floatArith[T]) unary(op token.Token, a val) (val, bool) {
	if op != token.SUB {
		return val{}, false
	}
	x := a.e.(ev[T])
	return exprVal(ev[T](func(fr *frame) T { return -x(fr) }), a.k), true
}

func (floatArith[T]) shift(token.Token, val, ev[uint64], *uint64) (val, bool) { return val{}, false }

// arithOf returns the operators of a compiled expression's number type (e is an ev[T]), or
// nil where it is not a number (a bool).
func arithOf(e any) arith {
	switch e.(type) {
	case ev[int8]:
		return intArith[int8]{}
	case ev[int16]:
		return intArith[int16]{}
	case ev[int32]:
		return intArith[int32]{}
	case ev[int64]:
		return intArith[int64]{}
	case ev[uint8]:
		return intArith[uint8]{}
	case ev[uint16]:
		return intArith[uint16]{}
	case ev[uint32]:
		return intArith[uint32]{}
	case ev[uint64]:
		return intArith[uint64]{}
	case ev[float32]:
		return floatArith[float32]{}
	case ev[float64]:
		return floatArith[float64]{}
	}
	return nil
}

// --- binary operators ---

func binaryOp(op token.Token, a, b val, pos string) val {
	if ar := arithOf(a.e); ar != nil {
		return ar.binary(op, a, b, pos)
	}
	if x, ok := a.e.(ev[bool]); ok {
		y := b.e.(ev[bool])
		switch op {
		case token.EQL:
			return exprVal(ev[bool](func(fr *frame) bool { return x(fr) == y(fr) }), kBool)
		case token.NEQ:
			return exprVal(ev[bool](func(fr *frame) bool { return x(fr) != y(fr) }), kBool)
		case token.LAND:
			return exprVal(ev[bool](func(fr *frame) bool { return x(fr) && y(fr) }), kBool)
		case token.LOR:
			return exprVal(ev[bool](func(fr *frame) bool { return x(fr) || y(fr) }), kBool)
		}
	}
	panic(fmt.Sprintf("gokernel: operator %s on %T", op, a.e))
}

// operands returns specialised readers: where an operand is a local slot or a constant,
// the closures read it directly instead of calling another closure.
func intBinary[T integer](op token.Token, x, y ev[T], a, b val, pos string) val {
	k := a.k
	if r, ok := compare(op, x, y, a, b); ok {
		return r
	}
	switch op {
	case token.ADD:
		if b.cst != nil {
			c := b.cst.(T)
			if a.slot >= 0 {
				s := a.slot
				return exprVal(ev[T](func(fr *frame) T { return *(*T)(unsafe.Pointer(&fr.v[s])) + c }), k)
			}
			return exprVal(ev[T](func(fr *frame) T { return x(fr) + c }), k)
		}
		if a.slot >= 0 && b.slot >= 0 {
			s, t := a.slot, b.slot
			return exprVal(ev[T](func(fr *frame) T {
				return *(*T)(unsafe.Pointer(&fr.v[s])) + *(*T)(unsafe.Pointer(&fr.v[t]))
			}), k)
		}
		return exprVal(ev[T](func(fr *frame) T { return x(fr) + y(fr) }), k)
	case token.SUB:
		return exprVal(ev[T](func(fr *frame) T { return x(fr) - y(fr) }), k)
	case token.MUL:
		if a.slot >= 0 && b.slot >= 0 {
			s, t := a.slot, b.slot
			return exprVal(ev[T](func(fr *frame) T {
				return *(*T)(unsafe.Pointer(&fr.v[s])) * *(*T)(unsafe.Pointer(&fr.v[t]))
			}), k)
		}
		return exprVal(ev[T](func(fr *frame) T { return x(fr) * y(fr) }), k)
	case token.QUO:
		return exprVal(ev[T](func(fr *frame) T {
			d := y(fr)
			if d == 0 {
				panicAt(pos, "integer divide by zero")
			}
			return x(fr) / d
		}), k)
	case token.REM:
		return exprVal(ev[T](func(fr *frame) T {
			d := y(fr)
			if d == 0 {
				panicAt(pos, "integer divide by zero")
			}
			return x(fr) % d
		}), k)
	case token.AND:
		return exprVal(ev[T](func(fr *frame) T { return x(fr) & y(fr) }), k)
	case token.OR:
		return exprVal(ev[T](func(fr *frame) T { return x(fr) | y(fr) }), k)
	case token.XOR:
		return exprVal(ev[T](func(fr *frame) T { return x(fr) ^ y(fr) }), k)
	case token.AND_NOT:
		return exprVal(ev[T](func(fr *frame) T { return x(fr) &^ y(fr) }), k)
	}
	panic(fmt.Sprintf("gokernel: integer operator %s", op))
}

func floatBinary[T float](op token.Token, x, y ev[T], a, b val) val {
	k := a.k
	if r, ok := compare(op, x, y, a, b); ok {
		return r
	}
	switch op {
	case token.ADD:
		return exprVal(ev[T](func(fr *frame) T { return x(fr) + y(fr) }), k)
	case token.SUB:
		return exprVal(ev[T](func(fr *frame) T { return x(fr) - y(fr) }), k)
	case token.MUL:
		if a.slot >= 0 {
			s := a.slot
			return exprVal(ev[T](func(fr *frame) T { return *(*T)(unsafe.Pointer(&fr.v[s])) * y(fr) }), k)
		}
		return exprVal(ev[T](func(fr *frame) T { return x(fr) * y(fr) }), k)
	case token.QUO:
		return exprVal(ev[T](func(fr *frame) T { return x(fr) / y(fr) }), k)
	}
	panic(fmt.Sprintf("gokernel: float operator %s", op))
}

func compare[T number](op token.Token, x, y ev[T], a, b val) (val, bool) {
	var f ev[bool]
	switch op {
	case token.EQL:
		f = func(fr *frame) bool { return x(fr) == y(fr) }
	case token.NEQ:
		f = func(fr *frame) bool { return x(fr) != y(fr) }
	case token.LSS:
		if a.slot >= 0 && b.slot >= 0 {
			s, t := a.slot, b.slot
			f = func(fr *frame) bool {
				return *(*T)(unsafe.Pointer(&fr.v[s])) < *(*T)(unsafe.Pointer(&fr.v[t]))
			}
		} else if a.slot >= 0 && b.cst != nil {
			s, c := a.slot, b.cst.(T)
			f = func(fr *frame) bool { return *(*T)(unsafe.Pointer(&fr.v[s])) < c }
		} else {
			f = func(fr *frame) bool { return x(fr) < y(fr) }
		}
	case token.LEQ:
		f = func(fr *frame) bool { return x(fr) <= y(fr) }
	case token.GTR:
		f = func(fr *frame) bool { return x(fr) > y(fr) }
	case token.GEQ:
		f = func(fr *frame) bool { return x(fr) >= y(fr) }
	default:
		return val{}, false
	}
	r := exprVal(f, kBool)
	r.jump = cmpJump[T](op, a, b)
	return r, true
}

// cmpJump returns the jump builder of a comparison of a slot with a slot or a constant.
// The two jumps spell the comparison out each: through a shared generic helper, even
// inlined, every comparison loads and checks the helper's dictionary (BenchmarkSAXPY1M and
// BenchmarkBlockReduce1M took some 2% more CPU time).
func cmpJump[T number](op token.Token, a, b val) func(target *int, next int, unless bool) instr {
	if a.slot < 0 || (b.slot < 0 && b.cst == nil) {
		return nil
	}
	s := a.slot
	if b.cst != nil {
		c := b.cst.(T)
		return func(target *int, next int, unless bool) instr {
			return func(fr *frame) int {
				x := *(*T)(unsafe.Pointer(&fr.v[s]))
				var r bool
				switch op {
				case token.LSS:
					r = x < c
				case token.LEQ:
					r = x <= c
				case token.GTR:
					r = x > c
				case token.GEQ:
					r = x >= c
				case token.EQL:
					r = x == c
				default:
					r = x != c
				}
				if r != unless {
					return *target
				}
				return next
			}
		}
	}
	t := b.slot
	return func(target *int, next int, unless bool) instr {
		return func(fr *frame) int {
			x, y := *(*T)(unsafe.Pointer(&fr.v[s])), *(*T)(unsafe.Pointer(&fr.v[t]))
			var r bool
			switch op {
			case token.LSS:
				r = x < y
			case token.LEQ:
				r = x <= y
			case token.GTR:
				r = x > y
			case token.GEQ:
				r = x >= y
			case token.EQL:
				r = x == y
			default:
				r = x != y
			}
			if r != unless {
				return *target
			}
			return next
		}
	}
}

// shiftOp compiles x << n and x >> n.
func shiftOp(op token.Token, a, count val, pos string) val {
	n := shiftCount(count, pos)
	var cnt *uint64
	if count.cst != nil {
		u := n(nil) // a constant count (never negative: go/types rejects that)
		cnt = &u
	}
	if ar := arithOf(a.e); ar != nil {
		if r, ok := ar.shift(op, a, n, cnt); ok {
			return r
		}
	}
	panic(fmt.Sprintf("gokernel: shift of %T", a.e))
}

func shift[T integer](op token.Token, x ev[T], n ev[uint64], cnt *uint64, k kind) val {
	if cnt != nil {
		c := *cnt
		if op == token.SHL {
			return exprVal(ev[T](func(fr *frame) T { return x(fr) << c }), k)
		}
		return exprVal(ev[T](func(fr *frame) T { return x(fr) >> c }), k)
	}
	if op == token.SHL {
		return exprVal(ev[T](func(fr *frame) T { return x(fr) << n(fr) }), k)
	}
	return exprVal(ev[T](func(fr *frame) T { return x(fr) >> n(fr) }), k)
}

// shiftCount converts a shift count to uint64, panicking on a negative signed count.
func shiftCount(a val, pos string) ev[uint64] {
	if a.k.signed() {
		c := convert(a, kI64).e.(ev[int64])
		return func(fr *frame) uint64 {
			n := c(fr)
			if n < 0 {
				panicAt(pos, "negative shift amount")
			}
			return uint64(n)
		}
	}
	return convert(a, kU64).e.(ev[uint64])
}

// --- unary operators ---

func unaryOp(op token.Token, a val) val {
	if ar := arithOf(a.e); ar != nil {
		if r, ok := ar.unary(op, a); ok {
			return r
		}
	} else if x, ok := a.e.(ev[bool]); ok && op == token.NOT {
		return exprVal(ev[bool](func(fr *frame) bool { return !x(fr) }), a.k)
	}
	panic(fmt.Sprintf("gokernel: unary %s on %T", op, a.e))
}

func intUnary[T integer](op token.Token, x ev[T], k kind) val {
	switch op {
	case token.SUB:
		return exprVal(ev[T](func(fr *frame) T { return -x(fr) }), k)
	case token.XOR:
		return exprVal(ev[T](func(fr *frame) T { return ^x(fr) }), k)
	}
	panic(fmt.Sprintf("gokernel: unary %s", op))
}

// --- conversions ---

// convert converts a numeric value to kind to with Go's conversion rules.
func convert(a val, to kind) val {
	if a.k == to {
		return a
	}
	if ar := arithOf(a.e); ar != nil {
		return ar.convertTo(a, to)
	}
	panic(fmt.Sprintf("gokernel: conversion of %T", a.e))
}

func convertFrom[F number](x ev[F], to kind) val {
	switch to {
	case kI8:
		return conv[F, int8](x, to)
	case kI16:
		return conv[F, int16](x, to)
	case kI32:
		return conv[F, int32](x, to)
	case kI64:
		return conv[F, int64](x, to)
	case kU8:
		return conv[F, uint8](x, to)
	case kU16:
		return conv[F, uint16](x, to)
	case kU32:
		return conv[F, uint32](x, to)
	case kU64:
		return conv[F, uint64](x, to)
	case kF32:
		return conv[F, float32](x, to)
	case kF64:
		return conv[F, float64](x, to)
	}
	panic(fmt.Sprintf("gokernel: conversion to kind %d", to))
}

func conv[F, T number](x ev[F], k kind) val {
	return exprVal(ev[T](func(fr *frame) T { return T(x(fr)) }), k)
}

// --- min and max builtins ---

func minMax(isMax bool, a, b val) val {
	if ar := arithOf(a.e); ar != nil {
		return ar.minMax(isMax, a, b)
	}
	panic(fmt.Sprintf("gokernel: min/max of %T", a.e))
}

func minMaxOf[T number](isMax bool, x, y ev[T], k kind) val {
	if isMax {
		return exprVal(ev[T](func(fr *frame) T { return max(x(fr), y(fr)) }), k)
	}
	return exprVal(ev[T](func(fr *frame) T { return min(x(fr), y(fr)) }), k)
}

// constBits is an integer constant's two's-complement bits: its int64 value, or its
// uint64 value's bits where it is larger (0 where it is neither).
func constBits(v constant.Value) int64 {
	iv := constant.ToInt(v)
	if i, ok := constant.Int64Val(iv); ok {
		return i
	}
	if u, ok := constant.Uint64Val(iv); ok {
		return int64(u)
	}
	return 0
}
