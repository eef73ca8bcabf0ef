package suite

import (
	"math"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// ControlFlowSrc exercises switch (tag, tagless, fallthrough, default in the middle),
// labelled break and continue, while-style and infinite loops, range over an integer.
const ControlFlowSrc = `
func flow(t gpu.Thread, in []int32, out []int32) {
	i := t.GlobalX()
	if i >= len(in) {
		return
	}
	x := in[i]
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
		break
		r = 99
	}
	out[i*6] = r
	switch {
	case x < 3:
		out[i*6+1] = 1
	case x < 7:
		out[i*6+1] = 2
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
	out[i*6+2] = count
	n := x
	steps := int32(0)
	for n != 1 && n > 0 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	out[i*6+3] = steps
	for {
		steps += 100
		if steps > 1000 {
			break
		}
	}
	out[i*6+4] = steps
	sum := int32(0)
	for j := range x {
		switch {
		case j == 2:
			continue
		case j > 6:
			break
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
	out[i*6+5] = sum
}`

func controlFlow() Case {
	var in []int32
	for x := int32(-3); x < 40; x++ {
		in = append(in, x)
	}
	return Case{Name: "controlFlow", Src: ControlFlowSrc,
		Buffers:  []Buffer{{DType: backend.Int32, Values: in}, {DType: backend.Int32, Values: make([]int32, len(in)*6), Check: true}},
		Launches: []Launch{{Kernel: "flow", Grid: dim(2), Block: dim(32), Args: []Arg{Buf(0), Buf(1)}}}}
}

// ArraysSrc exercises arrays (copies, nesting, literals) and device functions (recursion,
// several and named results, buffers as parameters).
const ArraysSrc = `
//gpu:device
func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

//gpu:device
func divmod(a, b int) (q, r int) {
	q = a / b
	r = a % b
	return
}

//gpu:device
func reversed(a [4]int) [4]int {
	var r [4]int
	for i := range 4 {
		r[3-i] = a[i]
	}
	a[0] = 1000
	return r
}

//gpu:device
func sumBuf(t gpu.Thread, xs []int, n int) int {
	s := 0
	for _, v := range xs {
		s += v
	}
	return s + n*t.ThreadIdx.X
}

//gpu:device
func fill(xs []int, i int, v int) {
	xs[i] = v
}

func arrays(t gpu.Thread, xs []int, out []int) {
	i := t.ThreadIdx.X
	a := [4]int{1, 2, 3, 4}
	b := a
	b[0] = 100
	m := [3][2]int{{1, 2}, {3, 4}, 2: {5, 6}}
	m[i%3][1] += 10
	row := m[1]
	r := reversed(b)
	q, rem := divmod(17+i, 5)
	var grid [2][3]float32
	grid[1][i%3] = 2.5
	k := i * 16
	out[k+0] = a[0]
	out[k+1] = b[0]
	out[k+2] = r[0]
	out[k+3] = r[3]
	out[k+4] = m[0][1] + m[1][1] + m[2][1]
	out[k+5] = row[1]
	out[k+6] = q
	out[k+7] = rem
	out[k+8] = fib(i + 5)
	out[k+9] = sumBuf(t, xs, 2)
	out[k+10] = int(grid[1][0] + grid[1][1] + grid[1][2])
	out[k+11] = len(a) + len(m) + len(m[0]) + len(xs)
	a[i%4], a[(i+1)%4] = a[(i+1)%4], a[i%4]
	out[k+12] = a[0]*1000 + a[1]*100 + a[2]*10 + a[3]
	fill(out, k+13, 77)
	_, out[k+14] = divmod(100, 7)
	x, y := 1, 2
	x, y = y, x
	out[k+15] = x*10 + y
}`

func arraysAndCalls() Case {
	return Case{Name: "arrays", Src: ArraysSrc,
		Buffers:  []Buffer{{DType: backend.Int64, Values: []int64{1, 2, 3}}, {DType: backend.Int64, Values: make([]int64, 4*16), Check: true}},
		Launches: []Launch{{Kernel: "arrays", Grid: dim(1), Block: dim(4), Args: []Arg{Buf(0), Buf(1)}}}}
}

// ExactFloatsSrc uses only operations IEEE 754 rounds exactly, so results are identical
// everywhere: + - * / sqrt fma, rounding functions, min, max (signed zeros and NaN as Go
// defines them), bits. NaN results are compared as NaN, not by their bits (see Equal).
const ExactFloatsSrc = `
func exact(t gpu.Thread, x []float32, y []float64, o32 []float32, o64 []float64, ob []uint64) {
	i := t.GlobalX()
	if i >= len(x) {
		return
	}
	a, b := x[i], y[i]
	k := i * 16
	o32[k+0] = a*a + a
	o32[k+1] = a / 3
	o32[k+2] = float32(math.Sqrt(float64(a)))
	o32[k+3] = min(a, -a, 0)
	o32[k+4] = max(a, 1.5)
	o32[k+5] = -a
	o32[k+6] = math.Float32frombits(math.Float32bits(a) ^ 0x80000000)
	o32[k+7] = max(1.5, a)
	o32[k+8] = min(-a, a)
	if a == a {
		o32[k+9] = float32(math.Copysign(1, float64(min(a, -a, 0)))) // a NaN's sign is not defined
	}
	o64[k+0] = b*b - b/7
	o64[k+1] = math.Floor(b) + math.Ceil(b) + math.Trunc(b) + math.Round(b) + math.RoundToEven(b)
	o64[k+2] = math.FMA(b, b, 1)
	o64[k+3] = math.Max(b, 0) + math.Min(b, 0)
	o64[k+4] = math.Copysign(2, b) + math.Abs(b)
	o64[k+5] = math.Mod(b, 3)
	o64[k+6] = math.Sqrt(b)
	o64[k+7] = math.Float64frombits(math.Float64bits(b) + 1)
	o64[k+8] = float64(a) * b
	if math.IsNaN(b) {
		o64[k+9] = 1
	}
	if math.IsInf(b, -1) {
		o64[k+10] = 1
	}
	if math.Signbit(b) {
		o64[k+11] = 1
	}
	o64[k+12] = math.Inf(1)
	o64[k+13] = max(1.5, b) + min(-1.5, b) + math.Max(b, 2) + math.Min(-b, -2)
	o64[k+14] = math.Max(b, math.Inf(1)) // +Inf even where b is NaN
	o64[k+15] = math.Min(math.Inf(-1), b)
	ob[k+0] = uint64(math.Float32bits(a))
	ob[k+1] = math.Float64bits(b)
	ob[k+2] = math.Float64bits(math.NaN())
}`

// FloatInputs32 and FloatInputs64 are the inputs of the float cases.
var (
	FloatInputs32 = []float32{0, 1, -1, 0.1, 3.3333333, 1e-20, 1e20, float32(math.Inf(1)), float32(math.NaN()), float32(math.Copysign(0, -1)), 16777217, 1e-40}
	FloatInputs64 = []float64{0, 1, -1, 0.1, 2.5, -2.5, 1e-300, 1e300, math.Inf(-1), math.NaN(), 123.456, 5e-324}
)

func exactFloats() Case {
	n := len(FloatInputs32)
	return Case{Name: "exactFloats", Src: ExactFloatsSrc,
		Buffers: []Buffer{{DType: backend.Float32, Values: FloatInputs32}, {DType: backend.Float64, Values: FloatInputs64},
			{DType: backend.Float32, Values: make([]float32, n*16), Check: true},
			{DType: backend.Float64, Values: make([]float64, n*16), Check: true},
			{DType: backend.Uint64, Values: make([]uint64, n*16), Check: true}},
		Launches: []Launch{{Kernel: "exact", Grid: dim(1), Block: dim(32), Args: []Arg{Buf(0), Buf(1), Buf(2), Buf(3), Buf(4)}}}}
}

// TranscendentalSrc uses functions whose last bits may differ between Go's math package
// and CUDA's: compared with a tolerance.
const TranscendentalSrc = `
func trans(t gpu.Thread, y []float64, o []float64) {
	i := t.GlobalX()
	if i >= len(y) {
		return
	}
	b := y[i]
	k := i * 8
	o[k+0] = math.Sin(b) + math.Cos(b)
	o[k+1] = math.Exp(b / 10)
	o[k+2] = math.Log(math.Abs(b) + 1)
	o[k+3] = math.Pow(b, 3)
	o[k+4] = math.Atan2(b, 2) + math.Hypot(b, 3) + math.Tanh(b)
	o[k+5] = math.Cbrt(b) + math.Log2(math.Abs(b)+2) + math.Log10(math.Abs(b)+2) + math.Log1p(math.Abs(b))
	o[k+6] = math.Expm1(b/100) + math.Exp2(b/100) + math.Erf(b) + math.Erfc(b)
	o[k+7] = math.Asin(b/1000) + math.Acos(b/1000) + math.Atan(b) + math.Sinh(b/100) + math.Cosh(b/100) + math.Tan(b/100)
}`

func transcendental() Case {
	in := []float64{0, 1, -1, 0.1, 2.5, -2.5, 10, -30, 123.456, 0.001}
	return Case{Name: "transcendental", Src: TranscendentalSrc, Tolerance: 1e-13,
		Buffers:  []Buffer{{DType: backend.Float64, Values: in}, {DType: backend.Float64, Values: make([]float64, len(in)*8), Check: true}},
		Launches: []Launch{{Kernel: "trans", Grid: dim(1), Block: dim(16), Args: []Arg{Buf(0), Buf(1)}}}}
}

// HalvesSrc converts float16 and bfloat16 both ways.
const HalvesSrc = `
func halves(t gpu.Thread, h []gpu.F16, bh []gpu.BF16, f []float32, oh []gpu.F16, obh []gpu.BF16, of []float32) {
	i := t.GlobalX()
	if i < len(f) {
		oh[i] = gpu.ToF16(f[i])
		obh[i] = gpu.ToBF16(f[i])
		of[2*i] = h[i].Float32()
		of[2*i+1] = bh[i].Float32()
	}
}`

func halves() Case {
	fs := []float32{0, 1, -1, 0.1, 65504, 65520, 1e-8, 6.1e-5, 5.96e-8, 2.98e-8, 3e-8, 1e10,
		float32(math.Inf(-1)), 1.00048828125, 1.0009765625, 3.1415926, -7.5e-6, 1e-3}
	hs, bs := make([]uint16, len(fs)), make([]uint16, len(fs))
	for i := range fs {
		hs[i], bs[i] = uint16(i*4099+1), uint16(i*3001+7)
	}
	n := len(fs)
	return Case{Name: "halves", Src: HalvesSrc,
		Buffers: []Buffer{{DType: backend.Float16, Values: hs}, {DType: backend.BFloat16, Values: bs}, {DType: backend.Float32, Values: fs},
			{DType: backend.Float16, Values: make([]uint16, n), Check: true}, {DType: backend.BFloat16, Values: make([]uint16, n), Check: true},
			{DType: backend.Float32, Values: make([]float32, 2*n), Check: true}},
		Launches: []Launch{{Kernel: "halves", Grid: dim(1), Block: dim(32), Args: []Arg{Buf(0), Buf(1), Buf(2), Buf(3), Buf(4), Buf(5)}}}}
}

// Indices3DSrc writes every thread's indices in a 3D grid of 3D blocks.
const Indices3DSrc = `
func idx3(t gpu.Thread, out []int32) {
	x, y, z := t.GlobalX(), t.GlobalY(), t.GlobalZ()
	w := t.GridDim.X * t.BlockDim.X
	h := t.GridDim.Y * t.BlockDim.Y
	i := (z*h+y)*w + x
	out[i] = int32(t.ThreadIdx.X + 10*t.ThreadIdx.Y + 100*t.ThreadIdx.Z + 1000*t.BlockIdx.X + 10000*t.BlockIdx.Y + 100000*t.BlockIdx.Z)
	if i == 0 {
		out[len(out)-1] = int32(t.BlockDim.X + 10*t.BlockDim.Y + 100*t.BlockDim.Z + 1000*t.GridDim.X + 10000*t.GridDim.Y + 100000*t.GridDim.Z + 1000000*t.StrideX())
	}
}`

func indices3D() Case {
	return Case{Name: "indices3D", Src: Indices3DSrc,
		Buffers: []Buffer{{DType: backend.Int32, Values: make([]int32, 3*2*2*4*3*2+1), Check: true}},
		Launches: []Launch{{Kernel: "idx3", Grid: backend.Dim3{X: 3, Y: 2, Z: 2}, Block: backend.Dim3{X: 4, Y: 3, Z: 2},
			Args: []Arg{Buf(0)}}}}
}

// SharedSrc uses static and dynamic shared memory, zeroed at block start, and atomics on it.
const SharedSrc = `
const tile = 16

func perBlock(t gpu.Thread, out []int32) {
	a := gpu.Shared[int32](tile)
	var b = gpu.Shared[float64](3)
	d := gpu.DynamicShared[int32]()
	tid := t.ThreadIdx.X + t.ThreadIdx.Y*t.BlockDim.X
	if tid == 0 {
		z := int32(0)
		for i := range len(a) {
			z += a[i]
		}
		for i := range len(d) {
			z += d[i]
		}
		out[t.BlockIdx.X*3+2] = z + int32(b[0]) + int32(len(d))*1000
	}
	t.Barrier()
	gpu.AtomicAdd(&a[tid%tile], int32(t.BlockIdx.X+1))
	d[tid%len(d)] = 5
	t.Barrier()
	if tid == 0 {
		s := int32(0)
		for _, v := range a {
			s += v
		}
		out[t.BlockIdx.X*3] = s
		out[t.BlockIdx.X*3+1] = d[0]
	}
}`

func sharedMemory() Case {
	return Case{Name: "shared", Src: SharedSrc,
		Buffers: []Buffer{{DType: backend.Int32, Values: make([]int32, 9*3), Check: true}},
		Launches: []Launch{{Kernel: "perBlock", Grid: dim(9), Block: backend.Dim3{X: 5, Y: 4, Z: 1}, SharedBytes: 7 * 4,
			Args: []Arg{Buf(0)}}}}
}

// AtomicsSrc uses every atomic from many blocks; ELEM is the element type.
const AtomicsSrc = `
func atom(t gpu.Thread, acc []ELEM, old []ELEM) {
	i := t.GlobalX()
	gpu.AtomicAdd(&acc[0], 2)
	gpu.AtomicMax(&acc[1], ELEM(i))
	gpu.AtomicMin(&acc[2], ELEM(i+5))
	gpu.AtomicAdd(&acc[4], 1)
	old[i] = gpu.AtomicCAS(&acc[3], 0, 7) // one thread wins
	gpu.AtomicStore(&acc[6], gpu.AtomicLoad(&acc[6]))
	gpu.AtomicExch(&acc[5], 9)
	INTONLY
}`

func atomics(ty string) Case {
	src := strings.ReplaceAll(AtomicsSrc, "ELEM", ty)
	isInt := !strings.HasPrefix(ty, "float")
	if isInt {
		src = strings.Replace(src, "INTONLY", `gpu.AtomicOr(&acc[7], 1<<(i%8))
	gpu.AtomicAnd(&acc[8], ^(1<<(i%5)))
	gpu.AtomicXor(&acc[9], 1)`, 1)
	} else {
		src = strings.Replace(src, "INTONLY", "", 1)
	}
	dt := dtypeOf(ty)
	const grid, block = 13, 64
	init := []float64{0, 0, 1e6, 0, 0, 0, 42, 0, 0xff, 0}
	return Case{Name: "atomics_" + ty, Src: src,
		Buffers: []Buffer{{DType: dt, Values: fromFloats(init, dt), Check: true},
			// which thread won the CAS depends on timing: not compared
			{DType: dt, Values: fromFloats(make([]float64, grid*block), dt)}},
		Launches: []Launch{{Kernel: "atom", Grid: dim(grid), Block: dim(block), Args: []Arg{Buf(0), Buf(1)}}}}
}

func fromFloats(f []float64, d backend.DType) any {
	switch d {
	case backend.Int32:
		return conv(f64bits(f), func(x uint64) int32 { return int32(math.Float64frombits(x)) })
	case backend.Uint32:
		return conv(f64bits(f), func(x uint64) uint32 { return uint32(math.Float64frombits(x)) })
	case backend.Int64:
		return conv(f64bits(f), func(x uint64) int64 { return int64(math.Float64frombits(x)) })
	case backend.Uint64:
		return conv(f64bits(f), func(x uint64) uint64 { return uint64(math.Float64frombits(x)) })
	case backend.Float32:
		return conv(f64bits(f), func(x uint64) float32 { return float32(math.Float64frombits(x)) })
	}
	return f
}

func f64bits(f []float64) []uint64 {
	out := make([]uint64, len(f))
	for i, x := range f {
		out[i] = math.Float64bits(x)
	}
	return out
}

// HandoffSrc: a producer on one device writes a Peer buffer and raises a flag; a consumer
// on another waits for it, copies the data, and acknowledges. SyncSystem on both sides.
const HandoffSrc = `
func produce(t gpu.Thread, rounds int32, data gpu.Peer[int32], flag gpu.Peer[int32]) {
	for r := int32(1); r <= rounds; r++ {
		for i := range len(data) {
			data[i] = r*1000 + int32(i)
		}
		gpu.SyncSystem()
		gpu.AtomicStore(&flag[0], r)
		for gpu.AtomicLoad(&flag[1]) != r {
		}
	}
}

func consume(t gpu.Thread, rounds int32, data gpu.Peer[int32], flag gpu.Peer[int32], bad []int32) {
	for r := int32(1); r <= rounds; r++ {
		for gpu.AtomicLoad(&flag[0]) != r {
		}
		gpu.SyncSystem()
		for i := range len(data) {
			if data[i] != r*1000+int32(i) {
				bad[0]++
			}
		}
		gpu.SyncSystem()
		gpu.AtomicStore(&flag[1], r)
	}
}`

func handoff() Case {
	const rounds = 100
	return Case{Name: "handoff", Src: HandoffSrc,
		Buffers: []Buffer{{DType: backend.Int32, Values: make([]int32, 64), Peer: true, Check: true},
			{DType: backend.Int32, Values: make([]int32, 2), Peer: true, Check: true},
			{DType: backend.Int32, Values: make([]int32, 1), Check: true}},
		Launches: []Launch{
			{Kernel: "produce", Device: 0, Grid: dim(1), Block: dim(1), Args: []Arg{Val(int32(rounds)), Buf(0), Buf(1)}},
			{Kernel: "consume", Device: 1, Grid: dim(1), Block: dim(1), Args: []Arg{Val(int32(rounds)), Buf(0), Buf(1), Buf(2)}},
		}}
}

// MiscSrc covers less common forms: a tuple post statement, op-assignments on Peer
// elements, several results in a var declaration, range over a Peer buffer, wrapping of
// small types, MinInt / -1.
const MiscSrc = `
//gpu:device
func swap(a, b int32) (int32, int32) { return b, a }

//gpu:device
func bump(p gpu.Peer[int32], i int) { p[i] += 1 }

func misc(t gpu.Thread, p gpu.Peer[int32], out []int32, h gpu.Peer[gpu.F16], m8 int8, m64 int64) {
	if t.GlobalX() != 0 {
		return
	}
	n := int32(0)
	for i, j := 0, 10; i < j; i, j = i+1, j-1 {
		if i == 2 {
			continue
		}
		n += int32(i * j)
	}
	out[0] = n
	var a, b = swap(1, 2)
	out[1] = a*10 + b
	for i, v := range p {
		out[2] += v * int32(i)
	}
	k := 3
	p[k*2-1] += 7
	p[int(out[1])%4]++
	bump(p, 0)
	gpu.SyncSystem()
	out[3] = p[0] + p[5]*100 + p[1]*10000
	h[0] = gpu.ToF16(h[1].Float32() * 2)
	var arr [3]uint8
	arr[k%3] = 200
	arr[k%3] += 100
	out[4] = int32(arr[0])
	x := uint16(65535)
	x++
	out[5] = int32(x)
	const c = 1 << 40
	out[6] = int32(c >> 35)
	out[7] = int32(m8 / -1)
	out[8] = int32((m64 / -1) >> 32)
	out[9] = int32(m64 % -1)
	s := int64(-1)
	out[10] = int32(s >> 70)
	out[11] = int32(uint32(1) << 31 >> 31)
	var u uint8 = 1
	u <<= 9
	out[12] = int32(u)
	out[13] = int32(^uint8(0)) + int32(-m8)
}`

func misc() Case {
	return Case{Name: "misc", Src: MiscSrc,
		Buffers: []Buffer{{DType: backend.Int32, Values: []int32{1, 2, 3, 4, 5, 6, 7, 8}, Peer: true, Check: true},
			{DType: backend.Int32, Values: make([]int32, 16), Check: true},
			{DType: backend.Float16, Values: []uint16{0, 0x3e00}, Peer: true, Check: true}},
		Launches: []Launch{{Kernel: "misc", Grid: dim(1), Block: dim(32),
			Args: []Arg{Buf(0), Buf(1), Buf(2), Val(int8(-128)), Val(int64(math.MinInt64))}}}}
}
