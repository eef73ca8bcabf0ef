package gpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"unsafe"
)

// number is a Go value read as a number: an integer (signed or not) or a float.
type number struct {
	isFloat, isUnsigned bool
	i                   int64
	u                   uint64
	f                   float64
}

func (n number) String() string {
	switch {
	case n.isFloat:
		return fmt.Sprint(n.f)
	case n.isUnsigned:
		return fmt.Sprint(n.u)
	}
	return fmt.Sprint(n.i)
}

// asNumber reads v as a number; ok is false for anything else (bool, string, buffers, ...).
func asNumber(v any) (number, bool) {
	switch x := v.(type) { // the common types without reflection
	case int:
		return number{i: int64(x)}, true
	case int64:
		return number{i: x}, true
	case int32:
		return number{i: int64(x)}, true
	case uint32:
		return number{isUnsigned: true, u: uint64(x)}, true
	case uint64:
		return number{isUnsigned: true, u: x}, true
	case float32:
		return number{isFloat: true, f: float64(x)}, true
	case float64:
		return number{isFloat: true, f: x}, true
	case F16:
		return number{isFloat: true, f: float64(x.Float32())}, true
	case BF16:
		return number{isFloat: true, f: float64(x.Float32())}, true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return number{i: rv.Int()}, true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return number{isUnsigned: true, u: rv.Uint()}, true
	case reflect.Float32, reflect.Float64:
		return number{isFloat: true, f: rv.Float()}, true
	}
	return number{}, false
}

// intRange returns the range of an integer dtype.
func intRange(dt DType) (lo int64, hi uint64) {
	bits := uint(dt.Size() * 8)
	if dt.IsSigned() {
		return -1 << (bits - 1), 1<<(bits-1) - 1
	}
	if bits == 64 {
		return 0, math.MaxUint64
	}
	return 0, 1<<bits - 1
}

// maxFinite is the largest finite value of a float dtype.
func maxFinite(dt DType) float64 {
	switch dt {
	case Float16:
		return 65504
	case BFloat16:
		return float64(math.Float32frombits(0x7f7f0000))
	case Float32:
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

// scalarBits converts v to dt with range checks and returns its bits, little-endian in the
// low dt.Size() bytes. The error says what was wrong with the value, for a caller to prefix.
func scalarBits(v any, dt DType) (uint64, error) {
	if v == nil {
		return 0, fmt.Errorf("want a %s number, got nil", dt)
	}
	n, ok := asNumber(v)
	if !ok {
		return 0, fmt.Errorf("want a %s number, got %s", dt, typeName(v))
	}
	if dt.IsFloat() {
		f := n.f
		switch {
		case !n.isFloat && n.isUnsigned:
			f = float64(n.u)
		case !n.isFloat:
			f = float64(n.i)
		}
		if !math.IsInf(f, 0) && !math.IsNaN(f) && math.Abs(f) > maxFinite(dt) {
			return 0, fmt.Errorf("%s is out of range for %s (largest finite value %g)", n, dt, maxFinite(dt))
		}
		switch dt {
		case Float16:
			return uint64(ToF16(float32(f))), nil
		case BFloat16:
			return uint64(ToBF16(float32(f))), nil
		case Float32:
			return uint64(math.Float32bits(float32(f))), nil
		}
		return math.Float64bits(f), nil
	}
	lo, hi := intRange(dt)
	outOfRange := func() error {
		return fmt.Errorf("%s is out of range for %s [%d, %d]", n, dt, lo, hi)
	}
	var i int64
	var u uint64
	negative := false
	switch {
	case n.isFloat:
		if math.IsNaN(n.f) || math.IsInf(n.f, 0) || n.f != math.Trunc(n.f) {
			return 0, fmt.Errorf("%s is not an integer, and the parameter is %s", n, dt)
		}
		if n.f < float64(lo) || n.f >= float64(hi)+1 {
			return 0, outOfRange()
		}
		if n.f < 0 {
			i, negative = int64(n.f), true
		} else {
			u = uint64(n.f)
		}
	case n.isUnsigned:
		u = n.u
	case n.i < 0:
		i, negative = n.i, true
	default:
		u = uint64(n.i)
	}
	if negative {
		if i < lo {
			return 0, outOfRange()
		}
		return uint64(i) & sizeMask(dt), nil
	}
	if u > hi {
		return 0, outOfRange()
	}
	return u, nil
}

func sizeMask(dt DType) uint64 {
	if dt.Size() == 8 {
		return math.MaxUint64
	}
	return 1<<(uint(dt.Size())*8) - 1
}

// elemBytes returns the dt.Size() little-endian bytes of bits.
func elemBytes(bits uint64, dt DType) []byte {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], bits)
	return b[:dt.Size()]
}

// valueAt reads element i of raw (elements of dt) as a float64.
func valueAt(raw []byte, dt DType, i int) float64 {
	p := unsafe.Pointer(&raw[i*dt.Size()])
	switch dt {
	case Int8:
		return float64(*(*int8)(p))
	case Int16:
		return float64(*(*int16)(p))
	case Int32:
		return float64(*(*int32)(p))
	case Int64:
		return float64(*(*int64)(p))
	case Uint8:
		return float64(*(*uint8)(p))
	case Uint16:
		return float64(*(*uint16)(p))
	case Uint32:
		return float64(*(*uint32)(p))
	case Uint64:
		return float64(*(*uint64)(p))
	case Float16:
		return float64((*(*F16)(p)).Float32())
	case BFloat16:
		return float64((*(*BF16)(p)).Float32())
	case Float32:
		return float64(*(*float32)(p))
	case Float64:
		return *(*float64)(p)
	}
	return math.NaN()
}

// sliceBytes returns the bytes of a Go slice of a buffer element type, with its dtype and
// length; ok is false for any other value.
func sliceBytes(v any) (raw []byte, dt DType, n int, ok bool) {
	view := func(p unsafe.Pointer, n, size int) []byte {
		if n == 0 {
			return nil
		}
		return unsafe.Slice((*byte)(p), n*size)
	}
	switch s := v.(type) {
	case []int8:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 1), Int8, len(s), true
	case []int16:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 2), Int16, len(s), true
	case []int32:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 4), Int32, len(s), true
	case []int64:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 8), Int64, len(s), true
	case []int:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 8), Int64, len(s), true
	case []uint8:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 1), Uint8, len(s), true
	case []uint16:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 2), Uint16, len(s), true
	case []uint32:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 4), Uint32, len(s), true
	case []uint64:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 8), Uint64, len(s), true
	case []uint:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 8), Uint64, len(s), true
	case []F16:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 2), Float16, len(s), true
	case []BF16:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 2), BFloat16, len(s), true
	case []float32:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 4), Float32, len(s), true
	case []float64:
		return view(unsafe.Pointer(unsafe.SliceData(s)), len(s), 8), Float64, len(s), true
	}
	return nil, Invalid, 0, false
}

// sliceTypeFor is the Go slice type that holds elements of dt, for messages.
func sliceTypeFor(dt DType) string {
	switch dt {
	case Float16:
		return "[]gpu.F16"
	case BFloat16:
		return "[]gpu.BF16"
	}
	return "[]" + dt.String()
}

// typeName is the type of v as a message shows it.
func typeName(v any) string {
	if v == nil {
		return "nil"
	}
	return reflect.TypeOf(v).String()
}
