package gokernel

import (
	"math"
	"testing"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
	"github.com/peerbook/peerbook/gpu/internal/half"
)

func TestControlFlow(t *testing.T) {
	k := kernel(t, suite.ControlFlowSrc)
	goFlow := func(x int32) [6]int32 {
		var o [6]int32
		r := int32(0)
		switch x % 5 {
		case 0:
			r = 10
			fallthrough
		case 1, 2:
			r += 1
		default:
			r = -1
		case 4:
			r = 40
		}
		o[0] = r
		switch {
		case x < 3:
			o[1] = 1
		case x < 7:
			o[1] = 2
		}
		count := int32(0)
	outer:
		for a := int32(0); a < 10; a++ {
			for b := int32(0); b < 10; b++ {
				if b > a {
					continue outer
				}
				if a*b > x {
					break outer
				}
				if (a+b)%3 == 0 {
					continue
				}
				count++
			}
		}
		o[2] = count
		n, steps := x, int32(0)
		for n != 1 && n > 0 {
			if n%2 == 0 {
				n /= 2
			} else {
				n = 3*n + 1
			}
			steps++
		}
		o[3] = steps
		for {
			steps += 100
			if steps > 1000 {
				break
			}
		}
		o[4] = steps
		sum := int32(0)
		for j := range x {
			switch {
			case j == 2:
				continue
			case j > 6:
			default:
				sum += int32(j)
			}
		}
		if v := x * 2; v > 10 {
			sum += v
		} else if v > 4 {
			sum -= v
		} else {
			sum = -sum
		}
		o[5] = sum
		return o
	}
	var ins []int32
	for x := int32(-3); x < 40; x++ {
		ins = append(ins, x)
	}
	in, out := newBuf(ins), zeros[int32](len(ins)*6)
	mustLaunch(t, k, 2, 32, in, out)
	for i, x := range ins {
		want := goFlow(x)
		for j := range want {
			if got := out.v[i*6+j]; got != want[j] {
				t.Errorf("x=%d: result %d = %d, want %d", x, j, got, want[j])
			}
		}
	}
}

func TestArraysAndDeviceFunctions(t *testing.T) {
	k := kernel(t, suite.ArraysSrc)
	xs := newBuf([]int64{1, 2, 3})
	out := zeros[int64](4 * 16)
	mustLaunch(t, k, 1, 4, xs, out)
	fib := func(n int64) int64 {
		a, b := int64(0), int64(1)
		for range n {
			a, b = b, a+b
		}
		return a
	}
	for i := int64(0); i < 4; i++ {
		m := [3][2]int64{{1, 2}, {3, 4}, {5, 6}}
		m[i%3][1] += 10
		a := [4]int64{1, 2, 3, 4}
		a[i%4], a[(i+1)%4] = a[(i+1)%4], a[i%4]
		want := []int64{1, 100, 4, 100, m[0][1] + m[1][1] + m[2][1], m[1][1], (17 + i) / 5, (17 + i) % 5,
			fib(i + 5), 6 + 2*i, 2, 4 + 3 + 2 + 3, a[0]*1000 + a[1]*100 + a[2]*10 + a[3], 77, 2, 21}
		for j, w := range want {
			if got := out.v[i*16+int64(j)]; got != w {
				t.Errorf("thread %d: result %d = %d, want %d", i, j, got, w)
			}
		}
	}
}

func TestFloatsAndMath(t *testing.T) {
	k := kernel(t, `
func fl(t gpu.Thread, x []float32, y []float64, o32 []float32, o64 []float64, ob []uint64) {
	i := t.GlobalX()
	if i >= len(x) {
		return
	}
	a, b := x[i], y[i]
	k := i * 24
	o32[k+0] = a*a + a    // rounded after each operation
	o32[k+1] = a / 3
	o32[k+2] = float32(math.Sqrt(float64(a)))
	o32[k+3] = min(a, -a, 0)
	o32[k+4] = max(a, 1.5)
	o32[k+5] = -a
	o64[k+0] = math.Sin(b) + math.Cos(b)
	o64[k+1] = math.Exp(b / 10)
	o64[k+2] = math.Log(math.Abs(b) + 1)
	o64[k+3] = math.Pow(b, 3)
	o64[k+4] = math.Floor(b) + math.Ceil(b) + math.Trunc(b) + math.Round(b) + math.RoundToEven(b)
	o64[k+5] = math.Mod(b, 3)
	o64[k+6] = math.Atan2(b, 2) + math.Hypot(b, 3) + math.Tanh(b)
	o64[k+7] = math.FMA(b, b, 1)
	o64[k+8] = math.Max(b, 0) + math.Min(b, 0)
	o64[k+9] = math.Copysign(2, b)
	o64[k+10] = math.Inf(1)
	o64[k+11] = math.NaN()
	if math.IsNaN(b) {
		o64[k+12] = 1
	}
	if math.IsInf(b, 0) {
		o64[k+13] = 1
	}
	if math.Signbit(b) {
		o64[k+14] = 1
	}
	ob[k+0] = uint64(math.Float32bits(a))
	ob[k+1] = math.Float64bits(b)
	o32[k+6] = math.Float32frombits(math.Float32bits(a) ^ 0x80000000)
	o64[k+15] = math.Float64frombits(math.Float64bits(b) + 1)
	o64[k+16] = math.Pi * b
	o64[k+17] = math.Cbrt(b) + math.Log2(math.Abs(b)+2) + math.Log10(math.Abs(b)+2) + math.Log1p(math.Abs(b))
	o64[k+18] = math.Expm1(b/100) + math.Exp2(b/100) + math.Erf(b) + math.Erfc(b)
	o64[k+19] = math.Asin(b/1000) + math.Acos(b/1000) + math.Atan(b) + math.Sinh(b/100) + math.Cosh(b/100) + math.Tan(b/100)
	o64[k+20] = float64(a) * b
}`)
	xs := []float32{0, 1, -1, 0.1, 3.3333333, 1e-20, 1e20, float32(math.Inf(1)), float32(math.NaN()), -0.0, 16777217}
	ys := []float64{0, 1, -1, 0.1, 2.5, -2.5, 1e-300, 1e300, math.Inf(-1), math.NaN(), 123.456}
	x, y := newBuf(xs), newBuf(ys)
	o32, o64, ob := zeros[float32](len(xs)*24), zeros[float64](len(xs)*24), zeros[uint64](len(xs)*24)
	mustLaunch(t, k, 1, len(xs), x, y, o32, o64, ob)
	same32 := func(a, b float32) bool { return a == b || (a != a && b != b) }
	same64 := func(a, b float64) bool { return a == b || (a != a && b != b) }
	for i := range xs {
		a, b := xs[i], ys[i]
		k := i * 24
		aa := a * a
		w32 := []float32{aa + a, a / 3, float32(math.Sqrt(float64(a))), min(a, -a, 0), max(a, 1.5), -a,
			math.Float32frombits(math.Float32bits(a) ^ 0x80000000)}
		for j, w := range w32 {
			if got := o32.v[k+j]; !same32(got, w) {
				t.Errorf("x=%v: float32 result %d = %v, want %v", a, j, got, w)
			}
		}
		w64 := []float64{math.Sin(b) + math.Cos(b), math.Exp(b / 10), math.Log(math.Abs(b) + 1), math.Pow(b, 3),
			math.Floor(b) + math.Ceil(b) + math.Trunc(b) + math.Round(b) + math.RoundToEven(b), math.Mod(b, 3),
			math.Atan2(b, 2) + math.Hypot(b, 3) + math.Tanh(b), math.FMA(b, b, 1), math.Max(b, 0) + math.Min(b, 0),
			math.Copysign(2, b), math.Inf(1), math.NaN(), b2f(math.IsNaN(b)), b2f(math.IsInf(b, 0)), b2f(math.Signbit(b)),
			math.Float64frombits(math.Float64bits(b) + 1), math.Pi * b,
			math.Cbrt(b) + math.Log2(math.Abs(b)+2) + math.Log10(math.Abs(b)+2) + math.Log1p(math.Abs(b)),
			math.Expm1(b/100) + math.Exp2(b/100) + math.Erf(b) + math.Erfc(b),
			math.Asin(b/1000) + math.Acos(b/1000) + math.Atan(b) + math.Sinh(b/100) + math.Cosh(b/100) + math.Tan(b/100),
			float64(a) * b}
		for j, w := range w64 {
			if got := o64.v[k+j]; !same64(got, w) {
				t.Errorf("y=%v: float64 result %d = %v, want %v", b, j, got, w)
			}
		}
		if ob.v[k] != uint64(math.Float32bits(a)) || ob.v[k+1] != math.Float64bits(b) {
			t.Errorf("bits of %v, %v: %#x %#x", a, b, ob.v[k], ob.v[k+1])
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func TestHalfPrecision(t *testing.T) {
	k := kernel(t, suite.HalvesSrc)
	fs := []float32{0, 1, -1, 0.1, 65504, 65520, 1e-8, 6.1e-5, 5.96e-8, 2.98e-8, 3e-8, 1e10,
		float32(math.Inf(-1)), float32(math.NaN()), 1.00048828125, 1.0009765625, 3.1415926}
	hs, bs := make([]uint16, len(fs)), make([]uint16, len(fs))
	for i := range fs {
		hs[i], bs[i] = uint16(i*4099+1), uint16(i*3001+7)
	}
	h, bh, f := newBuf(hs), newBuf(bs), newBuf(fs)
	oh, obh, of := zeros[uint16](len(fs)), zeros[uint16](len(fs)), zeros[float32](2*len(fs))
	mustLaunch(t, k, 1, 32, h, bh, f, oh, obh, of)
	for i, x := range fs {
		if oh.v[i] != refF16(x) {
			t.Errorf("ToF16(%v) = %#x, want %#x", x, oh.v[i], refF16(x))
		}
		if got, want := of.v[2*i], half.F16ToF32(hs[i]); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("F16(%#x).Float32() = %v, want %v", hs[i], got, want)
		}
		if got, want := of.v[2*i+1], math.Float32frombits(uint32(bs[i])<<16); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("BF16(%#x).Float32() = %v, want %v", bs[i], got, want)
		}
		if x == x && obh.v[i] != refBF16(x) {
			t.Errorf("ToBF16(%v) = %#x, want %#x", x, obh.v[i], refBF16(x))
		}
	}
}

// refF16 rounds x to half precision by searching the nearest representable value.
func refF16(x float32) uint16 {
	if x != x {
		return half.F32ToF16(x) // any NaN
	}
	best, bestErr := uint16(0), math.Inf(1)
	for h := 0; h < 0x10000; h++ {
		v := float64(half.F16ToF32(uint16(h)))
		if v != v || math.Signbit(v) != math.Signbit(float64(x)) {
			continue
		}
		e := math.Abs(v - float64(x))
		if math.IsInf(v, 0) {
			// values at or above 65520 round to infinity
			if math.Abs(float64(x)) >= 65520 {
				e = 0
			} else {
				continue
			}
		}
		if e < bestErr || (e == bestErr && h&1 == 0) {
			best, bestErr = uint16(h), e
		}
	}
	return best
}

func refBF16(x float32) uint16 {
	b := math.Float32bits(x)
	lo, hi := b&0xffff0000, (b&0xffff0000)+0x10000
	dl, dh := math.Abs(float64(x)-float64(math.Float32frombits(lo))), math.Abs(float64(math.Float32frombits(hi))-float64(x))
	if math.IsInf(float64(math.Float32frombits(lo)), 0) {
		return uint16(lo >> 16)
	}
	if dl < dh || (dl == dh && (lo>>16)&1 == 0) {
		return uint16(lo >> 16)
	}
	return uint16(hi >> 16)
}

func TestThreeDimensionalIndices(t *testing.T) {
	k := kernel(t, suite.Indices3DSrc)
	grid, block := backend.Dim3{X: 3, Y: 2, Z: 2}, backend.Dim3{X: 4, Y: 3, Z: 2}
	n := 3 * 2 * 2 * 4 * 3 * 2
	out := zeros[int32](n + 1)
	if err := runDims(k, grid, block, 0, out); err != nil {
		t.Fatal(err)
	}
	for bz := 0; bz < 2; bz++ {
		for by := 0; by < 2; by++ {
			for bx := 0; bx < 3; bx++ {
				for tz := 0; tz < 2; tz++ {
					for ty := 0; ty < 3; ty++ {
						for tx := 0; tx < 4; tx++ {
							x, y, z := bx*4+tx, by*3+ty, bz*2+tz
							i := (z*6+y)*12 + x
							want := int32(tx + 10*ty + 100*tz + 1000*bx + 10000*by + 100000*bz)
							if out.v[i] != want {
								t.Fatalf("element %d = %d, want %d", i, out.v[i], want)
							}
						}
					}
				}
			}
		}
	}
	if want := int32(4 + 30 + 200 + 3000 + 20000 + 200000 + 12000000); out.v[n] != want {
		t.Errorf("sizes %d, want %d", out.v[n], want)
	}
}

func TestMiscSuiteCase(t *testing.T) {
	var c suite.Case
	for _, x := range suite.Cases() {
		if x.Name == "misc" {
			c = x
		}
	}
	got := runCase(t, c)
	p := fromBytes[int32](got[0])
	out := fromBytes[int32](got[1])
	h := fromBytes[uint16](got[2])
	n := int32(0)
	for i, j := 0, 10; i < j; i, j = i+1, j-1 {
		if i != 2 {
			n += int32(i * j)
		}
	}
	dot := int32(0)
	for i, v := range []int32{1, 2, 3, 4, 5, 6, 7, 8} {
		dot += v * int32(i)
	}
	// p[5] += 7; p[21%4]++; bump p[0]
	wantP := []int32{2, 3, 3, 4, 5, 13, 7, 8}
	wantOut := []int32{n, 21, dot, 2 + 13*100 + 3*10000, 44, 0, 32, -128, math.MinInt64 >> 32, 0, -1, 1, 0, 255 + -128}
	for i, w := range wantP {
		if p[i] != w {
			t.Errorf("p[%d] = %d, want %d", i, p[i], w)
		}
	}
	for i, w := range wantOut {
		if out[i] != w {
			t.Errorf("out[%d] = %d, want %d", i, out[i], w)
		}
	}
	if h[0] != 0x4200 { // 1.5 * 2 = 3
		t.Errorf("h[0] = %#x, want 0x4200", h[0])
	}
}

func fromBytes[T any](b []byte) []T {
	var z T
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/int(unsafe.Sizeof(z)))
}
