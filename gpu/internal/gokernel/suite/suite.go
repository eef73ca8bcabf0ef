// Package suite is a set of Go kernels, with launches and inputs, whose results must be
// identical on simulated devices and on CUDA devices. The gokernel tests run it on the
// simulator and translate it to CUDA; a GPU test runs the same cases on a GPU and compares
// (see Case).
package suite

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Case is kernels, buffers and launches. Run the launches of a case concurrently (each on
// its Device; hand-offs need two), then compare every buffer with Check set: bit for bit
// where Tolerance is 0, else floats within Tolerance (relative).
type Case struct {
	Name      string
	Src       string // Go source: kernels and device functions
	Buffers   []Buffer
	Launches  []Launch
	Tolerance float64
}

// Buffer is a kernel buffer and its initial contents.
type Buffer struct {
	DType  backend.DType
	Values any  // initial values: a []T of the dtype ([]uint16 for float16 and bfloat16)
	Peer   bool // allocate shared with every device
	Check  bool // compare after the launches
}

// Launch is one kernel launch.
type Launch struct {
	Kernel      string
	Device      int
	Grid, Block backend.Dim3
	SharedBytes int
	Args        []Arg
}

// Arg is a launch argument: a buffer (Buffer >= 0) or a scalar of the parameter's dtype.
type Arg struct {
	Buffer int
	Scalar any // int8..int64, uint8..uint64, float32, float64 (Go int is int64)
}

// Buf is a buffer argument.
func Buf(i int) Arg { return Arg{Buffer: i} }

// Val is a scalar argument.
func Val(v any) Arg { return Arg{Buffer: -1, Scalar: v} }

func dim(x int) backend.Dim3 { return backend.Dim3{X: x, Y: 1, Z: 1} }

// Cases returns the suite.
func Cases() []Case {
	var cs []Case
	cs = append(cs, saxpy(), blockSum(), oddReduce(), controlFlow(), arraysAndCalls(), exactFloats(),
		transcendental(), halves(), indices3D(), sharedMemory(), handoff(), conversions(), misc(), countedLoops(), countedIndex(),
		vector4(false), vector4(true))
	for _, ty := range []string{"int8", "int16", "int32", "int64", "int", "uint8", "uint16", "uint32", "uint64", "uint"} {
		cs = append(cs, intOps(ty))
	}
	for _, ty := range []string{"int32", "uint32", "int64", "uint64", "float32", "float64"} {
		cs = append(cs, atomics(ty))
	}
	return cs
}

// SAXPYSrc is y = a*x + y.
const SAXPYSrc = `
func saxpy(t gpu.Thread, n int, a float32, x []float32, y []float32) {
	i := t.GlobalX()
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}`

func saxpy() Case {
	n := 10007
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i)*0.37, float32(n-i)*1.1
	}
	return Case{Name: "saxpy", Src: SAXPYSrc,
		Buffers: []Buffer{{DType: backend.Float32, Values: x}, {DType: backend.Float32, Values: y, Check: true}},
		Launches: []Launch{{Kernel: "saxpy", Grid: dim((n + 255) / 256), Block: dim(256),
			Args: []Arg{Val(int64(n)), Val(float32(2.5)), Buf(0), Buf(1)}}}}
}

// BlockSumSrc sums x into out[0]: a shared-memory tree in each block (blockDim a power of
// two, at most 256), then one atomic per block.
const BlockSumSrc = `
func blockSum(t gpu.Thread, n int, x []float32, out []float32) {
	s := gpu.Shared[float32](256)
	tid := t.ThreadIdx.X
	v := float32(0)
	for i := t.GlobalX(); i < n; i += t.StrideX() {
		v += x[i]
	}
	s[tid] = v
	t.Barrier()
	for stride := t.BlockDim.X / 2; stride > 0; stride >>= 1 {
		if tid < stride {
			s[tid] += s[tid+stride]
		}
		t.Barrier()
	}
	if tid == 0 {
		gpu.AtomicAdd(&out[0], s[0])
	}
}`

func blockSum() Case {
	n := 1<<16 + 3
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i % 17) // small integers: the sum is exact in any order
	}
	return Case{Name: "blockSum", Src: BlockSumSrc,
		Buffers: []Buffer{{DType: backend.Float32, Values: x}, {DType: backend.Float32, Values: []float32{0}, Check: true}},
		Launches: []Launch{{Kernel: "blockSum", Grid: dim(37), Block: dim(256),
			Args: []Arg{Val(int64(n)), Buf(0), Buf(1)}}}}
}

// CountedLoopsSrc has loops in every form the CUDA translation counts in plain arithmetic
// (up and down, ++ and +=, int32 and int64, continue, break, labels, a nest deeper than the
// translation duplicates) and some it must not (the counter or the bound changed in the
// body), with bounds near the ends of int32 where a wrong guard would wrap.
const CountedLoopsSrc = `
func countedLoops(t gpu.Thread, n int, out []int64) {
	i0 := t.GlobalX()
	if i0 >= len(out)/8 {
		return
	}
	o := i0 * 8
	for i := i0; i < n; i += t.StrideX() {
		out[o+0] += int64(i)
	}
	for i := int32(n); i >= 0; i-- {
		if i%3 == 0 {
			continue
		}
		out[o+1] += int64(i)
	}
	// Near the ends of int32, without wrapping: the guard fails (bound + step would
	// overflow) in the first of each pair, and holds in the second.
	for i := int32(2147483647 - 20); i < 2147483647-5; i += 6 {
		out[o+2] += int64(i) - 2147483600
	}
	for i := int32(2147483647 - 20); i < 2147483647-6; i += 6 {
		out[o+2] += 1000 * (int64(i) - 2147483600)
	}
	for i := int32(-2147483647 - 1 + 21); i > -2147483647-1+6; i -= 7 {
		out[o+3] += int64(i) + 2147483600
	}
	for i := int32(-2147483647 - 1 + 21); i > -2147483647-1+7; i -= 7 {
		out[o+3] += 1000 * (int64(i) + 2147483600)
	}
outer:
	for a := 0; a < 4; a++ {
		for b := 0; b <= a; b++ {
			for c := 0; c < 3; c++ {
				if a*b*c > 5 {
					continue outer
				}
				out[o+4] += int64(100*a + 10*b + c)
			}
		}
	}
	m := n
	for i := 0; i < m; i++ {
		m-- // the bound moves: not counted
		out[o+5]++
	}
	for i := 0; i < n; i++ {
		i++ // the counter moves in the body: not counted
		out[o+6]++
	}
	for i := int64(n); i > 0; i -= 3 {
		if i < 5 {
			break
		}
		out[o+7] += i
	}
}`

func countedLoops() Case {
	return Case{Name: "countedLoops", Src: CountedLoopsSrc,
		Buffers: []Buffer{{DType: backend.Int64, Values: make([]int64, 8*64), Check: true}},
		Launches: []Launch{{Kernel: "countedLoops", Grid: dim(2), Block: dim(32),
			Args: []Arg{Val(int64(1000)), Buf(0)}}}}
}

// CountedIndexSrc indexes buffers with the counters of counted loops, bounds checks on: the
// CUDA translation proves those indexes in range once, before the loop (see gokernel's
// rangeGuard), where the simulator checks each one.
const CountedIndexSrc = `
func countedIndex(t gpu.Thread, n int, x []float32, y []float32, rev []float32) {
	for i := t.GlobalX(); i < n; i += t.StrideX() {
		y[i] = 2*x[i] + y[i]
	}
	if t.GlobalX() == 0 {
		for i := len(rev) - 2; i >= 0; i-- {
			rev[i] = rev[i] + rev[i+1]
		}
	}
}`

func countedIndex() Case {
	n := 5000
	x, y, rev := make([]float32, n), make([]float32, n), make([]float32, 300)
	for i := range x {
		x[i], y[i] = float32(i%97), float32(i%13)
	}
	for i := range rev {
		rev[i] = float32(i % 7)
	}
	return Case{Name: "countedIndex", Src: CountedIndexSrc,
		Buffers: []Buffer{{DType: backend.Float32, Values: x}, {DType: backend.Float32, Values: y, Check: true},
			{DType: backend.Float32, Values: rev, Check: true}},
		Launches: []Launch{{Kernel: "countedIndex", Grid: dim(3), Block: dim(64),
			Args: []Arg{Val(int64(n)), Buf(0), Buf(1), Buf(2)}}}}
}

// Vector4Src uses gpu.Load4 and gpu.Store4 on float32 (in a grid-stride loop, aligned),
// int64 (also in a device function), float16, int8, a Peer int32 buffer and shared memory,
// at aligned and unaligned indices (on a GPU: the vector access and the four scalar ones).
// Each thread works in its own 8 elements of w, h, b and p; on p it reads back, partly, what
// it stored (from its store buffer in the simulator).
const Vector4Src = `
//gpu:device
func rotate4(x []int64, i int) {
	v := gpu.Load4(x, i)
	gpu.Store4(x, i, [4]int64{v[1], v[2], v[3], v[0]})
}

func vector4(t gpu.Thread, n int, f []float32, fo []float32, w []int64, h []gpu.F16, b []int8, p gpu.Peer[int32], so []float32) {
	s := gpu.Shared[float32](64)
	for i := 4 * t.GlobalX(); i < n; i += 4 * t.StrideX() {
		a := gpu.Load4(f, i)
		o := gpu.Load4(fo, i)
		gpu.Store4(fo, i, [4]float32{2*a[0] + o[0], 2*a[1] + o[1], 2*a[2] + o[2], 2*a[3] + o[3]})
	}
	g := t.GlobalX()
	k := 8 * g
	if k+8 <= len(w) {
		v := gpu.Load4(w, k+1) // unaligned
		gpu.Store4(w, k+4, [4]int64{v[3] + int64(g), v[2], v[1], v[0]})
		rotate4(w, k+2)
		u := gpu.Load4(w, k) // aligned
		w[k] = u[0] + u[1]*3 + u[2]*5 + u[3]*7
	}
	if k+8 <= len(h) {
		v := gpu.Load4(h, k+3) // unaligned
		var r [4]gpu.F16
		for j := range 4 {
			r[j] = gpu.ToF16(v[j].Float32()*1.5 + float32(j))
		}
		gpu.Store4(h, k, r) // aligned
	}
	if k+8 <= len(b) {
		v := gpu.Load4(b, k+2) // unaligned
		gpu.Store4(b, k+4, [4]int8{v[0] * 3, v[1] - 100, -v[2], v[3] ^ 0x55})
		u := gpu.Load4(b, k)
		gpu.Store4(b, k+1, [4]int8{u[3], u[2], u[1], u[0]})
	}
	if k+8 <= len(p) {
		v := gpu.Load4(p, k+1)
		gpu.Store4(p, k+4, [4]int32{v[0] + 1, v[1] + 2, v[2] + 3, v[3] + 4})
		u := gpu.Load4(p, k+2) // two elements just stored, two not
		gpu.Store4(p, k, [4]int32{u[3], u[2], u[1], u[0]})
	}
	tid := t.ThreadIdx.X
	if tid < 64 {
		s[tid] = float32(tid*tid) + 0.5
	}
	t.Barrier()
	if tid%4 == 1 && tid+3 < 64 {
		v := gpu.Load4(s, tid-1)
		u := gpu.Load4(s, tid)
		q := t.BlockIdx.X*64 + tid
		gpu.Store4(so, q-1, [4]float32{v[0] - u[0], v[1] - u[1], v[2] - u[2], v[3] - u[3]})
	}
}`

func vector4(noBounds bool) Case {
	const threads = 3 * 32
	n := 1000
	f, fo := make([]float32, n), make([]float32, n)
	for i := range f {
		f[i], fo[i] = float32(i)*0.25, float32(i%7)-3
	}
	w := make([]int64, 8*80) // a few threads have no part
	for i := range w {
		w[i] = int64(i)*1000003 - 5000
	}
	h := make([]uint16, 8*threads)
	for i := range h {
		h[i] = uint16(0x3c00 + (i*37)%0x800) // float16 1 .. about 4
	}
	b := make([]int8, 8*threads)
	for i := range b {
		b[i] = int8(i*29 + 3)
	}
	p := make([]int32, 8*threads)
	for i := range p {
		p[i] = int32(i * 11)
	}
	name, src := "vector4", Vector4Src
	if noBounds {
		name, src = "vector4_nobounds", strings.Replace(src, "\nfunc vector4(", "\n//gpu:nobounds\nfunc vector4(", 1)
	}
	return Case{Name: name, Src: src,
		Buffers: []Buffer{{DType: backend.Float32, Values: f}, {DType: backend.Float32, Values: fo, Check: true},
			{DType: backend.Int64, Values: w, Check: true}, {DType: backend.Float16, Values: h, Check: true},
			{DType: backend.Int8, Values: b, Check: true}, {DType: backend.Int32, Values: p, Peer: true, Check: true},
			{DType: backend.Float32, Values: make([]float32, 3*64), Check: true}},
		Launches: []Launch{{Kernel: "vector4", Grid: dim(3), Block: dim(32),
			Args: []Arg{Val(int64(n)), Buf(0), Buf(1), Buf(2), Buf(3), Buf(4), Buf(5), Buf(6)}}}}
}

// OddReduceSrc reduces with any block size, not only powers of two.
const OddReduceSrc = `
func reduce(t gpu.Thread, n int, x []int64, partial []int64) {
	s := gpu.Shared[int64](1024)
	tid := t.ThreadIdx.X
	sum := int64(0)
	for i := t.GlobalX(); i < n; i += t.StrideX() {
		sum += x[i]
	}
	s[tid] = sum
	t.Barrier()
	for size := t.BlockDim.X; size > 1; {
		half := (size + 1) / 2
		if tid < size/2 {
			s[tid] += s[tid+half]
		}
		t.Barrier()
		size = half
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = s[0]
	}
}`

func oddReduce() Case {
	n := 12345
	x := make([]int64, n)
	for i := range x {
		x[i] = int64(i*7%13) - 5
	}
	return Case{Name: "oddReduce", Src: OddReduceSrc,
		Buffers: []Buffer{{DType: backend.Int64, Values: x}, {DType: backend.Int64, Values: make([]int64, 5), Check: true}},
		Launches: []Launch{{Kernel: "reduce", Grid: dim(5), Block: dim(999),
			Args: []Arg{Val(int64(n)), Buf(0), Buf(1)}}}}
}

// IntOpsSrc applies every integer operator; ELEM is the element type.
const IntOpsSrc = `
func intops(t gpu.Thread, a []ELEM, b []ELEM, out []ELEM) {
	i := t.GlobalX()
	if i >= len(a) {
		return
	}
	x, y := a[i], b[i]
	k := i * 18
	out[k+0] = x + y
	out[k+1] = x - y
	out[k+2] = x * y
	if y != 0 {
		out[k+3] = x / y
		out[k+4] = x % y
	}
	out[k+5] = x & y
	out[k+6] = x | y
	out[k+7] = x ^ y
	out[k+8] = x &^ y
	n := uint(y) % 80
	out[k+9] = x << n
	out[k+10] = x >> n
	out[k+11] = -x
	out[k+12] = ^x
	out[k+13] = min(x, y)
	out[k+14] = max(x, y, 3)
	if x < y {
		out[k+15] = 1
	}
	z := x
	z += y
	z *= 3
	z <<= 2
	z--
	out[k+16] = z
	var s ELEM = 7
	s >>= int8(n % 64)
	s -= x
	out[k+17] = s
}`

// EdgeValues are interesting bit patterns; each type takes them truncated.
var EdgeValues = []uint64{0, 1, 2, 3, 7, 8, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256,
	0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, math.MaxInt64, 1 << 63,
	math.MaxUint64, math.MaxUint64 - 1, 0x123456789abcdef, 0xfedcba9876543210, 12345, 1000003}

func intOps(ty string) Case {
	dt := dtypeOf(ty)
	var as, bs []uint64
	for _, x := range EdgeValues {
		for _, y := range EdgeValues {
			as, bs = append(as, x), append(bs, y)
		}
	}
	n := len(as)
	return Case{Name: "intops_" + ty, Src: strings.ReplaceAll(IntOpsSrc, "ELEM", ty),
		Buffers: []Buffer{{DType: dt, Values: truncated(as, dt)}, {DType: dt, Values: truncated(bs, dt)},
			{DType: dt, Values: truncated(make([]uint64, n*18), dt), Check: true}},
		Launches: []Launch{{Kernel: "intops", Grid: dim((n + 63) / 64), Block: dim(64),
			Args: []Arg{Buf(0), Buf(1), Buf(2)}}}}
}

func dtypeOf(ty string) backend.DType {
	d, err := backend.ParseDType(ty)
	if err != nil {
		panic(err)
	}
	return d
}

// truncated converts bit patterns to a []T of dtype d.
func truncated(v []uint64, d backend.DType) any {
	switch d {
	case backend.Int8:
		return conv(v, func(x uint64) int8 { return int8(x) })
	case backend.Int16:
		return conv(v, func(x uint64) int16 { return int16(x) })
	case backend.Int32:
		return conv(v, func(x uint64) int32 { return int32(x) })
	case backend.Int64:
		return conv(v, func(x uint64) int64 { return int64(x) })
	case backend.Uint8:
		return conv(v, func(x uint64) uint8 { return uint8(x) })
	case backend.Uint16:
		return conv(v, func(x uint64) uint16 { return uint16(x) })
	case backend.Uint32:
		return conv(v, func(x uint64) uint32 { return uint32(x) })
	case backend.Uint64:
		return v
	}
	panic(fmt.Sprintf("truncated: dtype %s", d))
}

func conv[T any](v []uint64, f func(uint64) T) []T {
	out := make([]T, len(v))
	for i, x := range v {
		out[i] = f(x)
	}
	return out
}

// ConversionsSrc converts integers and floats to every numeric type. A float is converted
// to an integer type only where its truncation is in the type's range: Go leaves
// out-of-range float to integer conversions implementation-defined (amd64 and arm64 differ,
// and CUDA saturates), so they have no result to compare (see gokernel's doc).
var ConversionsSrc = func() string {
	types := []string{"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"}
	var b strings.Builder
	b.WriteString("func conv(t gpu.Thread, in []int64, fin []float64, out []float64, bits []uint64) {\n")
	b.WriteString("\ti := t.GlobalX()\n\tif i >= len(in) {\n\t\treturn\n\t}\n\tk := i * 40\n\tv := fin[i]\n")
	for j, ty := range types {
		fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(in[i]))\n", j, ty)
		if strings.HasPrefix(ty, "float") {
			// the bits of the float, not uint64(f): negative f are out of uint64's range
			fmt.Fprintf(&b, "\tbits[k+%d] = math.Float64bits(float64(%s(in[i])))\n", j, ty)
			fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(v))\n", 10+j, ty)
		} else {
			fmt.Fprintf(&b, "\tbits[k+%d] = uint64(%s(in[i]))\n", j, ty)
			lo, hi := convRange(ty)
			fmt.Fprintf(&b, "\tif v %s && v < %s {\n\t\tout[k+%d] = float64(%s(v))\n\t}\n", lo, hi, 10+j, ty)
		}
		fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(uint32(in[i])))\n", 20+j, ty)
		fmt.Fprintf(&b, "\tout[k+%d] = float64(%s(int8(in[i])))\n", 30+j, ty)
	}
	b.WriteString("}\n")
	return b.String()
}()

// convRange returns the bounds of the floats whose conversion to the integer type ty is
// in range, as Go source: a comparison with the lower bound (without the operand) and the
// upper bound, exclusive. Both are exact float64 values (powers of two and -1).
func convRange(ty string) (lo, hi string) {
	n := dtypeOf(ty).Size() * 8
	if strings.HasPrefix(ty, "uint") {
		return "> -1", fmt.Sprintf("%d.0", new(big.Int).Lsh(big.NewInt(1), uint(n)))
	}
	p := new(big.Int).Lsh(big.NewInt(1), uint(n-1))
	return fmt.Sprintf(">= -%d.0", p), fmt.Sprintf("%d.0", p)
}

// ConversionInts and ConversionFloats are the inputs of ConversionsSrc.
var (
	ConversionInts = []int64{0, 1, -1, 127, 128, -129, 255, 256, 65535, -65536, math.MaxInt32, math.MinInt32,
		math.MaxInt64, math.MinInt64, 1<<53 + 1, -(1<<24 + 1), 0x123456789,
		2, -2, 100, -100, 1 << 31, 1 << 32, -(1 << 40), 1 << 62, 40000, -40000}
	ConversionFloats = []float64{0, 1.5, -1.5, 0.1, 1e10, -1e-10, math.MaxFloat32 * 2, math.SmallestNonzeroFloat64,
		math.Inf(1), math.Inf(-1), 3.4028235e38, 1 << 60, -0.0, 2.5, -2.5, 1e30, 123.456,
		-128.75, 255.5, -32768, 65535.9, -2147483648.5, 4294967295.5, -9.2e18, 1.8e19, math.NaN(), -0.9}
)

func conversions() Case {
	n := len(ConversionInts)
	return Case{Name: "conversions", Src: ConversionsSrc,
		Buffers: []Buffer{{DType: backend.Int64, Values: ConversionInts}, {DType: backend.Float64, Values: ConversionFloats},
			{DType: backend.Float64, Values: make([]float64, n*40), Check: true},
			{DType: backend.Uint64, Values: make([]uint64, n*40), Check: true}},
		Launches: []Launch{{Kernel: "conv", Grid: dim(1), Block: dim(n), Args: []Arg{Buf(0), Buf(1), Buf(2), Buf(3)}}}}
}

// Bytes returns the little-endian bytes of a []T of a buffer element type.
func Bytes(values any) []byte {
	switch v := values.(type) {
	case []int8:
		return raw(v)
	case []int16:
		return raw(v)
	case []int32:
		return raw(v)
	case []int64:
		return raw(v)
	case []uint8:
		return raw(v)
	case []uint16:
		return raw(v)
	case []uint32:
		return raw(v)
	case []uint64:
		return raw(v)
	case []float32:
		return raw(v)
	case []float64:
		return raw(v)
	}
	panic(fmt.Sprintf("suite.Bytes: %T", values))
}

func raw[T any](v []T) []byte {
	if len(v) == 0 {
		return nil
	}
	var z T
	n := len(v) * int(unsafe.Sizeof(z))
	out := make([]byte, n)
	copy(out, unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), n))
	return out
}

// Len returns the number of elements of a []T.
func Len(values any) int { return len(Bytes(values)) / elemSize(values) }

func elemSize(values any) int {
	switch values.(type) {
	case []int8, []uint8:
		return 1
	case []int16, []uint16:
		return 2
	case []int32, []uint32, []float32:
		return 4
	}
	return 8
}

// ScalarBits returns a scalar argument's bits, as backend.Arg.Scalar holds them.
func ScalarBits(v any) uint64 {
	switch x := v.(type) {
	case int8:
		return uint64(uint8(x))
	case int16:
		return uint64(uint16(x))
	case int32:
		return uint64(uint32(x))
	case int64:
		return uint64(x)
	case int:
		return uint64(x)
	case uint8:
		return uint64(x)
	case uint16:
		return uint64(x)
	case uint32:
		return uint64(x)
	case uint64:
		return x
	case float32:
		return uint64(math.Float32bits(x))
	case float64:
		return math.Float64bits(x)
	}
	panic(fmt.Sprintf("suite.ScalarBits: %T", v))
}
