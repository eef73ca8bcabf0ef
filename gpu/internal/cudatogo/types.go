package cudatogo

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

type kind uint8

const (
	kVoid kind = iota
	kBool
	kInt
	kFloat
	kPointer // T* (a buffer parameter; []T in Go)
	kSlice   // Slice<T> ([]T)
	kPeer    // Peer<T> (gpu.Peer[T])
	kArray   // T[n] (a local [n]T, or shared memory)
)

// ctype is a C type of the subset.
type ctype struct {
	kind      kind
	size      int  // bytes (scalars)
	signed    bool // integers
	rank      int  // integer conversion rank: bool 0, char 1, short 2, int 3, long 4, long long 5
	name      string
	elem      *ctype // pointer, Slice, Peer, array
	n         int64  // array length
	constElem bool   // pointer, Slice or Peer to const T
}

var (
	tVoid   = &ctype{kind: kVoid, name: "void"}
	tBool   = &ctype{kind: kBool, size: 1, name: "bool"}
	tChar   = &ctype{kind: kInt, size: 1, signed: true, rank: 1, name: "char"}
	tSChar  = &ctype{kind: kInt, size: 1, signed: true, rank: 1, name: "signed char"}
	tUChar  = &ctype{kind: kInt, size: 1, rank: 1, name: "unsigned char"}
	tShort  = &ctype{kind: kInt, size: 2, signed: true, rank: 2, name: "short"}
	tUShort = &ctype{kind: kInt, size: 2, rank: 2, name: "unsigned short"}
	tInt    = &ctype{kind: kInt, size: 4, signed: true, rank: 3, name: "int"}
	tUInt   = &ctype{kind: kInt, size: 4, rank: 3, name: "unsigned int"}
	tLong   = &ctype{kind: kInt, size: 8, signed: true, rank: 4, name: "long"}
	tULong  = &ctype{kind: kInt, size: 8, rank: 4, name: "unsigned long"}
	tLLong  = &ctype{kind: kInt, size: 8, signed: true, rank: 5, name: "long long"}
	tULLong = &ctype{kind: kInt, size: 8, rank: 5, name: "unsigned long long"}
	tFloat  = &ctype{kind: kFloat, size: 4, signed: true, name: "float"}
	tDouble = &ctype{kind: kFloat, size: 8, signed: true, name: "double"}
)

// typedefs are the type names the prelude and NVRTC define.
var typedefs = map[string]*ctype{
	"int8_t": tSChar, "int16_t": tShort, "int32_t": tInt, "int64_t": tLLong,
	"uint8_t": tUChar, "uint16_t": tUShort, "uint32_t": tUInt, "uint64_t": tULLong,
	"intptr_t": tLLong, "uintptr_t": tULLong, "size_t": tULong, "ptrdiff_t": tLong,
	"ssize_t": tLong, "intmax_t": tLong, "uintmax_t": tULong,
	"uint": tUInt, "ushort": tUShort, "ulong": tULong, "uchar": tUChar,
}

func (t *ctype) String() string {
	switch t.kind {
	case kPointer:
		if t.constElem {
			return "const " + t.elem.String() + "*"
		}
		return t.elem.String() + "*"
	case kSlice, kPeer:
		name := "Slice"
		if t.kind == kPeer {
			name = "Peer"
		}
		if t.constElem {
			return name + "<const " + t.elem.String() + ">"
		}
		return name + "<" + t.elem.String() + ">"
	case kArray:
		return fmt.Sprintf("%s[%d]", t.elem, t.n)
	}
	return t.name
}

func (t *ctype) isInt() bool    { return t.kind == kInt }
func (t *ctype) isFloat() bool  { return t.kind == kFloat }
func (t *ctype) isArith() bool  { return t.kind == kInt || t.kind == kFloat || t.kind == kBool }
func (t *ctype) isScalar() bool { return t.isArith() }
func (t *ctype) isBuffer() bool { return t.kind == kPointer || t.kind == kSlice || t.kind == kPeer }

// goType is the Go type of a value of t.
func (t *ctype) goType() string {
	switch t.kind {
	case kBool:
		return "bool"
	case kInt:
		if t.signed {
			return fmt.Sprintf("int%d", t.size*8)
		}
		return fmt.Sprintf("uint%d", t.size*8)
	case kFloat:
		return fmt.Sprintf("float%d", t.size*8)
	case kPointer, kSlice:
		return "[]" + t.elem.goType()
	case kPeer:
		return "gpu.Peer[" + t.elem.goType() + "]"
	case kArray:
		return fmt.Sprintf("[%d]%s", t.n, t.elem.goType())
	}
	return ""
}

// dtype is the buffer element or scalar parameter type of t, as cudasrc reads it.
func (t *ctype) dtype() backend.DType {
	switch t.kind {
	case kBool:
		return backend.Uint8
	case kInt:
		return map[bool][]backend.DType{
			true:  {0, backend.Int8, backend.Int16, 0, backend.Int32, 0, 0, 0, backend.Int64},
			false: {0, backend.Uint8, backend.Uint16, 0, backend.Uint32, 0, 0, 0, backend.Uint64},
		}[t.signed][t.size]
	case kFloat:
		if t.size == 4 {
			return backend.Float32
		}
		return backend.Float64
	}
	return backend.Invalid
}

// sameGo reports whether values of a and b have the same Go type.
func sameGo(a, b *ctype) bool { return a.goType() == b.goType() }

// promote applies the integer promotions.
func promote(t *ctype) *ctype {
	if t.kind == kBool || t.kind == kInt && t.rank < tInt.rank {
		return tInt
	}
	return t
}

// unsignedOf is the unsigned integer type of the same rank.
func unsignedOf(t *ctype) *ctype {
	switch t.rank {
	case 1:
		return tUChar
	case 2:
		return tUShort
	case 3:
		return tUInt
	case 4:
		return tULong
	}
	return tULLong
}

// common is the type of the usual arithmetic conversions of a and b.
func common(a, b *ctype) *ctype {
	if a.kind == kFloat || b.kind == kFloat {
		if a == tDouble || b == tDouble {
			return tDouble
		}
		return tFloat
	}
	a, b = promote(a), promote(b)
	if a == b {
		return a
	}
	if a.signed == b.signed {
		if a.rank >= b.rank {
			return a
		}
		return b
	}
	u, s := a, b
	if a.signed {
		u, s = b, a
	}
	if u.rank >= s.rank {
		return u
	}
	if s.size > u.size {
		return s
	}
	return unsignedOf(s)
}

// cval is a compile-time constant: integers as their bits, sign- or zero-extended to 64
// bits as their type says; floating point as a float64 (already rounded to float32 for
// float).
type cval struct {
	i int64
	f float64
}

// normInt wraps v to t's width.
func normInt(t *ctype, v uint64) int64 {
	if t.kind == kBool {
		return b2i(v != 0)
	}
	bits := uint(t.size * 8)
	if bits == 64 {
		return int64(v)
	}
	v &= 1<<bits - 1
	if t.signed && v&(1<<(bits-1)) != 0 {
		v |= ^uint64(0) << bits
	}
	return int64(v)
}

// convConst converts a constant of type from to type to, as CUDA converts values (floats
// to integers saturate, NaN gives 0).
func convConst(v cval, from, to *ctype) cval {
	switch {
	case to.kind == kBool:
		if from.kind == kFloat {
			return cval{i: b2i(v.f != 0)}
		}
		return cval{i: b2i(v.i != 0)}
	case to.kind == kInt && from.kind != kFloat:
		return cval{i: normInt(to, uint64(v.i))}
	case to.kind == kInt:
		return cval{i: normInt(to, uint64(floatToInt(v.f, to)))}
	case from.kind == kFloat:
		if to.size == 4 {
			return cval{f: float64(float32(v.f))}
		}
		return cval{f: v.f}
	default: // integer or bool to floating point
		if to.size == 4 {
			if from.kind == kInt && !from.signed {
				return cval{f: float64(float32(uint64(v.i)))}
			}
			return cval{f: float64(float32(v.i))}
		}
		if from.kind == kInt && !from.signed {
			return cval{f: float64(uint64(v.i))}
		}
		return cval{f: float64(v.i)}
	}
}

// floatToInt converts f as CUDA's cvt.rzi does for t's width (8- and 16-bit types go
// through 32 bits): truncation, saturation, NaN to 0.
func floatToInt(f float64, t *ctype) int64 {
	if f != f {
		return 0
	}
	size := max(t.size, 4)
	if t.signed {
		lo, hi := -math.Ldexp(1, size*8-1), math.Ldexp(1, size*8-1)
		switch {
		case f <= lo:
			return int64(lo)
		case f >= hi:
			if size == 8 {
				return math.MaxInt64
			}
			return int64(hi) - 1
		}
		return int64(f)
	}
	hi := math.Ldexp(1, size*8)
	switch {
	case f <= 0:
		return 0
	case f >= hi:
		if size == 8 {
			return -1 // all ones
		}
		return int64(hi) - 1
	}
	return int64(uint64(f))
}

// constCode is Go source for constant v of type t.
func constCode(v cval, t *ctype) string {
	switch t.kind {
	case kBool:
		if v.i != 0 {
			return "true"
		}
		return "false"
	case kInt:
		if t.signed {
			return fmt.Sprintf("%s(%d)", t.goType(), v.i)
		}
		return fmt.Sprintf("%s(%d)", t.goType(), uint64(v.i))
	case kFloat:
		gt := t.goType()
		switch {
		case math.IsInf(v.f, 1):
			return gt + "(math.Inf(1))"
		case math.IsInf(v.f, -1):
			return gt + "(math.Inf(-1))"
		case v.f != v.f:
			return gt + "(math.NaN())"
		case v.f == 0 && math.Signbit(v.f):
			return gt + "(math.Copysign(0, -1))"
		}
		s := strconv.FormatFloat(v.f, 'g', -1, t.size*8)
		if !strings.ContainsAny(s, ".eEn") {
			s += ".0"
		}
		return gt + "(" + s + ")"
	}
	return "0"
}

// parseIntLit reads an integer literal and gives its C++ type.
func parseIntLit(text string, p Pos) (uint64, *ctype, *diag) {
	s := strings.ReplaceAll(text, "'", "")
	lower := asciiLower(s)
	// suffix
	end := len(lower)
	for end > 0 && strings.ContainsRune("ul", rune(lower[end-1])) {
		end--
	}
	suffix := lower[end:]
	digits := s[:end]
	base := 10
	switch {
	case strings.HasPrefix(lower, "0x"):
		base, digits = 16, digits[2:]
	case strings.HasPrefix(lower, "0b"):
		base, digits = 2, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		base, digits = 8, digits[1:]
	}
	unsigned := strings.Contains(suffix, "u")
	longs := strings.Count(suffix, "l")
	if len(suffix) != longs+b2iInt(unsigned) || longs > 2 || longs == 2 && !strings.Contains(suffix, "ll") {
		return 0, nil, errSource(p, "invalid integer literal suffix in %s", text)
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil || digits == "" {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, nil, errSource(p, "integer literal %s is too large", text)
		}
		return 0, nil, errSource(p, "invalid integer literal %s", text)
	}
	// The first type of the list that holds the value.
	var cands []*ctype
	switch {
	case unsigned && longs == 0:
		cands = []*ctype{tUInt, tULong, tULLong}
	case unsigned && longs == 1:
		cands = []*ctype{tULong, tULLong}
	case unsigned:
		cands = []*ctype{tULLong}
	case longs == 0 && base == 10:
		cands = []*ctype{tInt, tLong, tLLong}
	case longs == 0:
		cands = []*ctype{tInt, tUInt, tLong, tULong, tLLong, tULLong}
	case longs == 1 && base == 10:
		cands = []*ctype{tLong, tLLong}
	case longs == 1:
		cands = []*ctype{tLong, tULong, tLLong, tULLong}
	case base == 10:
		cands = []*ctype{tLLong}
	default:
		cands = []*ctype{tLLong, tULLong}
	}
	for _, t := range cands {
		bits := uint(t.size * 8)
		if t.signed {
			bits--
		}
		if bits == 64 || v < 1<<bits {
			return v, t, nil
		}
	}
	return 0, nil, errSource(p, "integer literal %s is too large for its type", text)
}

func b2iInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseFloatLit reads a floating-point literal.
func parseFloatLit(text string, p Pos) (float64, *ctype, *diag) {
	s := strings.ReplaceAll(text, "'", "")
	t := tDouble
	switch s[len(s)-1] {
	case 'f', 'F':
		if !strings.HasPrefix(asciiLower(s), "0x") || strings.ContainsAny(s, "pP") {
			t = tFloat
			s = s[:len(s)-1]
		}
	case 'l', 'L':
		return 0, nil, errUnsupported(p, "long double")
	}
	bits := 64
	if t == tFloat {
		bits = 32
	}
	v, err := strconv.ParseFloat(s, bits)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, nil, errSource(p, "invalid floating-point literal %s", text)
		}
	}
	return v, t, nil
}

// parseCharLit reads a character literal: its value as a char.
func parseCharLit(text string, p Pos) (int64, *diag) {
	if !strings.HasPrefix(text, "'") {
		return 0, errUnsupported(p, "a wide or Unicode character literal")
	}
	body := text[1 : len(text)-1]
	if body == "" {
		return 0, errSource(p, "empty character literal")
	}
	if body[0] != '\\' {
		if len(body) != 1 {
			return 0, errUnsupported(p, "a multi-character literal")
		}
		return int64(int8(body[0])), nil
	}
	if len(body) < 2 {
		return 0, errSource(p, "invalid character literal %s", text)
	}
	switch body[1] {
	case 'n':
		return '\n', nil
	case 't':
		return '\t', nil
	case 'r':
		return '\r', nil
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v, err := strconv.ParseUint(body[1:], 8, 16)
		if err != nil || v > 255 {
			return 0, errSource(p, "invalid character literal %s", text)
		}
		return int64(int8(v)), nil
	case 'x':
		v, err := strconv.ParseUint(body[2:], 16, 16)
		if err != nil || v > 255 {
			return 0, errSource(p, "invalid character literal %s", text)
		}
		return int64(int8(v)), nil
	case '\\', '\'', '"', '?':
		if len(body) == 2 {
			return int64(body[1]), nil
		}
	case 'a':
		return 7, nil
	case 'b':
		return 8, nil
	case 'f':
		return 12, nil
	case 'v':
		return 11, nil
	}
	return 0, errSource(p, "invalid character literal %s", text)
}

// asciiLower lowers ASCII letters only, byte for byte.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
