package gokernel

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
)

type anyInt interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// intOps is suite.IntOpsSrc in plain Go: the results the kernel must give.
func intOps[T anyInt](x, y T) [18]T {
	var o [18]T
	o[0], o[1], o[2] = x+y, x-y, x*y
	if y != 0 {
		o[3], o[4] = x/y, x%y
	}
	o[5], o[6], o[7], o[8] = x&y, x|y, x^y, x&^y
	n := uint(y) % 80
	o[9], o[10] = x<<n, x>>n
	o[11], o[12] = -x, ^x
	o[13], o[14] = min(x, y), max(x, y, 3)
	if x < y {
		o[15] = 1
	}
	z := x
	z += y
	z *= 3
	z <<= 2
	z--
	o[16] = z
	var s T = 7
	s >>= int8(n % 64)
	s -= x
	o[17] = s
	return o
}

// edgeValues are interesting bit patterns, truncated to each type.
var edgeValues = []uint64{0, 1, 2, 3, 7, 8, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256,
	0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, math.MaxInt64, 1 << 63,
	math.MaxUint64, math.MaxUint64 - 1, 0x123456789abcdef, 0xfedcba9876543210, 12345, 1000003}

func testIntOps[T anyInt](t *testing.T, name string) {
	k := kernel(t, strings.ReplaceAll(suite.IntOpsSrc, "ELEM", name))
	var as, bs []T
	for _, x := range edgeValues {
		for _, y := range edgeValues {
			as, bs = append(as, T(x)), append(bs, T(y))
		}
	}
	a, b, out := newBuf(as), newBuf(bs), zeros[T](len(as)*18)
	mustLaunch(t, k, (len(as)+63)/64, 64, a, b, out)
	for i := range as {
		want := intOps(as[i], bs[i])
		for j, w := range want {
			if got := out.v[i*18+j]; got != w {
				t.Fatalf("%s: op %d of (%v, %v) = %v, want %v", name, j, as[i], bs[i], got, w)
			}
		}
	}
}

func TestIntegerOperatorsEveryType(t *testing.T) {
	t.Run("int8", func(t *testing.T) { testIntOps[int8](t, "int8") })
	t.Run("int16", func(t *testing.T) { testIntOps[int16](t, "int16") })
	t.Run("int32", func(t *testing.T) { testIntOps[int32](t, "int32") })
	t.Run("int64", func(t *testing.T) { testIntOps[int64](t, "int64") })
	t.Run("int", func(t *testing.T) { testIntOps[int64](t, "int") })
	t.Run("uint8", func(t *testing.T) { testIntOps[uint8](t, "uint8") })
	t.Run("uint16", func(t *testing.T) { testIntOps[uint16](t, "uint16") })
	t.Run("uint32", func(t *testing.T) { testIntOps[uint32](t, "uint32") })
	t.Run("uint64", func(t *testing.T) { testIntOps[uint64](t, "uint64") })
	t.Run("uint", func(t *testing.T) { testIntOps[uint64](t, "uint") })
}

// TestConversions converts int64 and float64 inputs to every numeric type and back.
func TestConversions(t *testing.T) {
	types := []string{"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"}
	var b strings.Builder
	b.WriteString("func conv(t gpu.Thread, in []int64, fin []float64, out []float64, bits []uint64) {\n")
	b.WriteString("\ti := t.GlobalX()\n\tif i >= len(in) {\n\t\treturn\n\t}\n\tk := i * 40\n")
	for j, ty := range types {
		fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(in[i]))\n", j, ty)
		fmt.Fprintf(&b, "\tbits[k+%d] = uint64(%s(in[i]))\n", j, ty)
		if strings.HasPrefix(ty, "float") {
			fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(fin[i]))\n", 10+j, ty)
		} else {
			// only in-range float to integer conversions are specified
			fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(float64(%s(fin[i] / 1e30))))\n", 10+j, ty, ty)
		}
		fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(uint32(in[i])))\n", 20+j, ty)
		fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(int8(in[i])))\n", 30+j, ty)
	}
	b.WriteString("}\n")
	k := kernel(t, b.String())
	ins := []int64{0, 1, -1, 127, 128, -129, 255, 256, 65535, -65536, math.MaxInt32, math.MinInt32,
		math.MaxInt64, math.MinInt64, 1<<53 + 1, -(1<<24 + 1), 0x123456789}
	fins := []float64{0, 1.5, -1.5, 0.1, 1e10, -1e-10, math.MaxFloat32 * 2, math.SmallestNonzeroFloat64,
		math.Inf(1), math.Inf(-1), 3.4028235e38, 1 << 60, -0.0, 2.5, -2.5, 1e30, 123.456}
	in, fin := newBuf(ins), newBuf(fins)
	out, bits := zeros[float64](len(ins)*40), zeros[uint64](len(ins)*40)
	mustLaunch(t, k, 1, len(ins), in, fin, out, bits)
	for i, x := range ins {
		f := fins[i]
		want := []float64{float64(int8(x)), float64(int16(x)), float64(int32(x)), float64(x),
			float64(uint8(x)), float64(uint16(x)), float64(uint32(x)), float64(uint64(x)),
			float64(float32(x)), float64(x)}
		wantBits := []uint64{uint64(int8(x)), uint64(int16(x)), uint64(int32(x)), uint64(x),
			uint64(uint8(x)), uint64(uint16(x)), uint64(uint32(x)), uint64(x),
			uint64(float32(x)), uint64(float64(x))}
		u, s := uint32(x), int8(x)
		for j := range types {
			if got := out.v[i*40+j]; got != want[j] {
				t.Errorf("%s(%d) = %v, want %v", types[j], x, got, want[j])
			}
			if got := bits.v[i*40+j]; got != wantBits[j] {
				t.Errorf("uint64(%s(%d)) = %#x, want %#x", types[j], x, got, wantBits[j])
			}
		}
		wantU := []float64{float64(int8(u)), float64(int16(u)), float64(int32(u)), float64(int64(u)),
			float64(uint8(u)), float64(uint16(u)), float64(uint32(u)), float64(uint64(u)), float64(float32(u)), float64(u)}
		wantS := []float64{float64(s), float64(int16(s)), float64(int32(s)), float64(int64(s)),
			float64(uint8(s)), float64(uint16(s)), float64(uint32(s)), float64(uint64(s)), float64(float32(s)), float64(s)}
		for j := range types {
			if got := out.v[i*40+20+j]; got != wantU[j] {
				t.Errorf("%s(uint32(%d)) = %v, want %v", types[j], x, got, wantU[j])
			}
			if got := out.v[i*40+30+j]; got != wantS[j] {
				t.Errorf("%s(int8(%d)) = %v, want %v", types[j], x, got, wantS[j])
			}
		}
		g := f / 1e30
		wantF := []float64{float64(int8(g)), float64(int16(g)), float64(int32(g)), float64(int64(g)),
			float64(uint8(g)), float64(uint16(g)), float64(uint32(g)), float64(uint64(g)), float64(float32(f)), f}
		for j := range types {
			got := out.v[i*40+10+j]
			if got != wantF[j] && !(math.IsNaN(got) && math.IsNaN(wantF[j])) {
				t.Errorf("float conversion %s of %v = %v, want %v", types[j], f, got, wantF[j])
			}
		}
	}
}
