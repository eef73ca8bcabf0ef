package gokernel

import (
	"go/types"
	"unsafe"
)

// The simulator compiles a kernel to closures. An expression of Go type T compiles to an
// ev[T], a func(*frame) T; int and uint compile as int64 and uint64, gpu.F16 and gpu.BF16
// as uint16. Statements compile to instrs in a flat list, each returning the index of the
// next one, so that a thread can stop at a barrier and resume there.

// ev evaluates an expression of type T in a frame.
type ev[T any] func(fr *frame) T

// instr runs one step of a function and returns the next step's index; a negative result
// ^pc means "stopped at a barrier; resume at pc".
type instr func(fr *frame) int

// frame is a function activation: scalar slots (8 bytes each; arrays use consecutive
// slots), buffer views, and the running thread.
type frame struct {
	v  []uint64
	s  []view
	th *thread
}

// view is a buffer or shared memory as a kernel sees it.
type view struct {
	p unsafe.Pointer
	n int
}

// slot returns a pointer to scalar slot k as a *T.
func slotPtr[T any](fr *frame, k int) *T { return (*T)(unsafe.Pointer(&fr.v[k])) }

type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

type float interface{ ~float32 | ~float64 }

type number interface{ integer | float }

type scalar interface{ number | ~bool }

// kind is the engine representation of a scalar Go type.
type kind uint8

const (
	kInvalid kind = iota
	kI8
	kI16
	kI32
	kI64
	kU8
	kU16
	kU32
	kU64
	kF32
	kF64
	kBool
)

var kindSizes = [...]uintptr{0, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8, 1}

func (k kind) size() uintptr { return kindSizes[k] }
func (k kind) isInt() bool   { return k >= kI8 && k <= kU64 }
func (k kind) signed() bool  { return k >= kI8 && k <= kI64 }
func (k kind) isFloat() bool { return k == kF32 || k == kF64 }

// kindOf returns the engine kind of a scalar type (untyped constants: their default type).
func (p *program) kindOf(t types.Type) kind {
	if p.isHalf(t) {
		return kU16
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return kInvalid
	}
	switch b.Kind() {
	case types.Int8:
		return kI8
	case types.Int16:
		return kI16
	case types.Int32, types.UntypedRune:
		return kI32
	case types.Int64, types.Int, types.UntypedInt:
		return kI64
	case types.Uint8:
		return kU8
	case types.Uint16:
		return kU16
	case types.Uint32:
		return kU32
	case types.Uint64, types.Uint:
		return kU64
	case types.Float32:
		return kF32
	case types.Float64, types.UntypedFloat:
		return kF64
	case types.Bool, types.UntypedBool:
		return kBool
	}
	return kInvalid
}

// slots is the number of scalar slots a value of type t occupies.
func slots(t types.Type) int {
	if a, ok := t.Underlying().(*types.Array); ok {
		return int(a.Len()) * slots(a.Elem())
	}
	return 1
}
