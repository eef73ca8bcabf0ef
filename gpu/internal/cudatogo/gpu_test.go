package cudatogo_test

// Long file: one test per CUDA C construct of the subset, each a kernel with its hand-written
// Go reference; a table would hide which construct failed.

// CUDA C kernels launched through the gpu API on simulated devices, each checked against
// the same computation written in Go by hand.

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu"
)

// must returns v, panicking (which fails the test) when err is not nil.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// define defines the kernels of a %%cuda cell on simulated devices and returns kernel name.
func define(t *testing.T, src, name string) *gpu.Kernel {
	t.Helper()
	return defineAll(t, src, name)[name]
}

// defineAll defines the kernels of a %%cuda cell on simulated devices and returns them by
// name; want must be among them.
func defineAll(t *testing.T, src string, want ...string) map[string]*gpu.Kernel {
	t.Helper()
	if err := gpu.Use("sim:nvlink2"); err != nil {
		t.Fatal(err)
	}
	ks, err := gpu.DefineCUDA(src, "cell[7]", 1)
	if err != nil {
		t.Fatalf("DefineCUDA: %v", err)
	}
	byName := map[string]*gpu.Kernel{}
	for _, k := range ks {
		byName[k.Name()] = k
	}
	for _, name := range want {
		if byName[name] == nil {
			t.Fatalf("DefineCUDA defined %v, not %s", ks, name)
		}
	}
	return byName
}

func launch(t *testing.T, k *gpu.Kernel, grid, block any, args ...any) {
	t.Helper()
	if err := k.Launch(gpu.Dev(0), grid, block, args...); err != nil {
		t.Fatalf("launch %s: %v", k.Name(), err)
	}
}

func equal[T comparable](t *testing.T, what string, got, want []T) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	bad := 0
	for i := range got {
		if got[i] != want[i] && !(got[i] != got[i] && want[i] != want[i]) { // NaN == NaN here
			if bad < 5 {
				t.Errorf("%s[%d] = %v, want %v", what, i, got[i], want[i])
			}
			bad++
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d values wrong", what, bad)
	}
}

func TestSaxpy(t *testing.T) {
	k := define(t, `
extern "C" __global__ void saxpy(int n, float a, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}`, "saxpy")
	const n = 1000
	xs, ys := make([]float32, n), make([]float32, n)
	for i := range xs {
		xs[i], ys[i] = float32(i)*0.37, float32(n-i)/3
	}
	x := must(gpu.Dev(0).AllocFrom(xs))
	y := must(gpu.Dev(0).AllocFrom(ys))
	launch(t, k, (n+127)/128, 128, n, 2.5, x, y)
	want := make([]float32, n)
	for i := range want {
		want[i] = float32(2.5*xs[i]) + ys[i]
	}
	equal(t, "y", must(y.Float32s()), want)
	sig := k.Signature()
	if len(sig.Params) != 4 || !sig.Params[2].Const || sig.Params[3].Const || sig.Params[0].DType != gpu.Int32 {
		t.Errorf("signature %v", sig)
	}
}

func TestGridStrideLoop(t *testing.T) {
	k := define(t, `
__global__ void gridStride(Slice<double> v, double k) {
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < v.len(); i += (size_t)gridDim.x * blockDim.x)
        v[i] = v[i] * k + (double)i;
}`, "gridStride")
	const n = 1000
	vs := make([]float64, n)
	for i := range vs {
		vs[i] = float64(i%17) - 3
	}
	v := must(gpu.Dev(0).AllocFrom(vs))
	launch(t, k, 3, 64, v, 1.5)
	want := make([]float64, n)
	for i := range want {
		want[i] = vs[i]*1.5 + float64(i)
	}
	equal(t, "v", must(v.Float64s()), want)
}

func TestSharedMemoryReduction(t *testing.T) {
	k := define(t, `
#define BLOCK 128
__global__ void blockSum(const float* in, int n, float* partial, float* total) {
    __shared__ float s[BLOCK];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (BLOCK * 2) + tid;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + BLOCK < n) v += in[i + BLOCK];
    s[tid] = v;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride) s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = s[0];
        atomicAdd(total, s[0]);
    }
}`, "blockSum")
	const n = 5000
	const blocks = (n + 255) / 256
	ins := make([]float32, n)
	for i := range ins {
		ins[i] = float32(i%11) - 2
	}
	in := must(gpu.Dev(0).AllocFrom(ins))
	partial := must(gpu.Dev(0).Alloc(gpu.Float32, blocks))
	total := must(gpu.Dev(0).Alloc(gpu.Float32, 1))
	launch(t, k, blocks, 128, in, n, partial, total)
	want := make([]float32, blocks)
	var sum float32
	for i, v := range ins {
		want[i/256] += v
		sum += v
	}
	equal(t, "partial", must(partial.Float32s()), want)
	equal(t, "total", must(total.Float32s()), []float32{sum})
}

func TestAtomics(t *testing.T) {
	k := define(t, `
__global__ void atomicsAll(const int* x, int n, int* acc, unsigned* u, unsigned long long* big, float* f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = x[i];
    atomicAdd(&acc[0], v);
    atomicMax(&acc[1], v);
    atomicMin(acc + 2, v);
    atomicSub(&acc[3], 1);
    atomicOr(&acc[4], 1 << (i % 31));
    atomicAnd(&acc[5], ~(1 << (i % 29)));
    atomicXor(&acc[6], v);
    int old = atomicExch(&acc[7], i);
    if (old < -1 || old >= n) acc[9] = 1;
    atomicInc(&u[0], 9u);
    atomicAdd_block(big, (unsigned long long)v * v);
    atomicAdd(&f[0], 0.5f);
    int cur = atomicOr(&acc[8], 0);
    while (true) {
        int want = max(cur, v * 2);
        int prev = atomicCAS(&acc[8], cur, want);
        if (prev == cur) break;
        cur = prev;
    }
}`, "atomicsAll")
	const n = 777
	xs := make([]int32, n)
	for i := range xs {
		xs[i] = int32((i*7919)%1001) - 500
	}
	x := must(gpu.Dev(0).AllocFrom(xs))
	acc := must(gpu.Dev(0).AllocFrom([]int32{0, math.MinInt32, math.MaxInt32, 0, 0, -1, 0, -1, math.MinInt32, 0}))
	u := must(gpu.Dev(0).Alloc(gpu.Uint32, 1))
	big := must(gpu.Dev(0).Alloc(gpu.Uint64, 1))
	f := must(gpu.Dev(0).Alloc(gpu.Float32, 1))
	launch(t, k, (n+63)/64, 64, x, n, acc, u, big, f)
	want := []int32{0, math.MinInt32, math.MaxInt32, 0, 0, -1, 0, 0, math.MinInt32, 0}
	var sq uint64
	for i, v := range xs {
		want[0] += v
		want[1] = max(want[1], v)
		want[2] = min(want[2], v)
		want[3]--
		want[4] |= 1 << (i % 31)
		want[5] &^= 1 << (i % 29)
		want[6] ^= v
		want[8] = max(want[8], 2*v)
		sq += uint64(int64(v) * int64(v))
	}
	got := must(acc.Int32s())
	if got[7] < 0 || got[7] >= n {
		t.Errorf("atomicExch left %d", got[7])
	}
	got[7] = 0
	equal(t, "acc", got, want)
	equal(t, "u", must(u.Uint32s()), []uint32{n % 10})
	equal(t, "big", must(big.Uint64s()), []uint64{sq})
	equal(t, "f", must(f.Float32s()), []float32{n * 0.5})
}

func TestUnsignedWraparound(t *testing.T) {
	k := define(t, `
__global__ void wrap(const unsigned* in, unsigned* out, int* sout) {
    int i = threadIdx.x;
    unsigned u = in[i];
    out[i] = u * 2654435761u + 12345u;
    out[32 + i] = u - 100u;
    out[64 + i] = (unsigned)-1 - u;
    out[96 + i] = u >> 3 | u << 29;
    sout[i] = (int)(u - 200u);
    sout[32 + i] = -(int)u / 7;
    sout[64 + i] = -(int)u % 7;
    sout[96 + i] = 0u - 1 > 0;
}`, "wrap")
	ins := make([]uint32, 32)
	for i := range ins {
		ins[i] = uint32(i*i*97) + uint32(i)<<27
	}
	in := must(gpu.Dev(0).AllocFrom(ins))
	out := must(gpu.Dev(0).Alloc(gpu.Uint32, 128))
	sout := must(gpu.Dev(0).Alloc(gpu.Int32, 128))
	launch(t, k, 1, 32, in, out, sout)
	want := make([]uint32, 128)
	swant := make([]int32, 128)
	for i, u := range ins {
		want[i] = u*2654435761 + 12345
		want[32+i] = u - 100
		want[64+i] = math.MaxUint32 - u
		want[96+i] = u>>3 | u<<29
		swant[i] = int32(u - 200)
		swant[32+i] = -int32(u) / 7
		swant[64+i] = -int32(u) % 7
		swant[96+i] = 1
	}
	equal(t, "out", must(out.Uint32s()), want)
	equal(t, "sout", must(sout.Int32s()), swant)
}

func TestSignedUnsignedComparison(t *testing.T) {
	k := define(t, `
__global__ void compare(const int* a, const unsigned* b, int* out) {
    int i = threadIdx.x;
    out[i] = a[i] < b[i];
    out[32 + i] = (long long)a[i] < b[i];
    out[64 + i] = a[i] < (int)b[i];
    out[96 + i] = a[i] == b[i];
}`, "compare")
	as := make([]int32, 32)
	bs := make([]uint32, 32)
	for i := range as {
		as[i] = int32(i) - 16
		bs[i] = uint32(i * 3)
		if i%5 == 0 {
			bs[i] = uint32(as[i])
		}
	}
	out := must(gpu.Dev(0).Alloc(gpu.Int32, 128))
	launch(t, k, 1, 32, must(gpu.Dev(0).AllocFrom(as)), must(gpu.Dev(0).AllocFrom(bs)), out)
	want := make([]int32, 128)
	b2i := func(b bool) int32 {
		if b {
			return 1
		}
		return 0
	}
	for i := range as {
		want[i] = b2i(uint32(as[i]) < bs[i])
		want[32+i] = b2i(int64(as[i]) < int64(bs[i]))
		want[64+i] = b2i(as[i] < int32(bs[i]))
		want[96+i] = b2i(uint32(as[i]) == bs[i])
	}
	equal(t, "out", must(out.Int32s()), want)
}

func TestIntegerPromotion(t *testing.T) {
	k := define(t, `
__global__ void promote(const unsigned char* a, const unsigned char* b, const signed char* c, const short* s, int* out) {
    int i = threadIdx.x;
    out[i] = a[i] + b[i];
    out[32 + i] = a[i] - b[i];
    out[64 + i] = ~a[i];
    unsigned char w = a[i] + b[i];
    out[96 + i] = w;
    char ch = c[i];
    ch += 100;
    out[128 + i] = ch;
    out[160 + i] = s[i] * s[i];
    out[192 + i] = (a[i] << 4) >> 4;
    out[224 + i] = sizeof(a[i] + b[i]) + sizeof(c[i]);
}`, "promote")
	as, bs := make([]uint8, 32), make([]uint8, 32)
	cs, ss := make([]int8, 32), make([]int16, 32)
	for i := range as {
		as[i], bs[i] = uint8(i*8+7), uint8(255-i*5)
		cs[i], ss[i] = int8(i*9-128), int16(i*1000-15000)
	}
	out := must(gpu.Dev(0).Alloc(gpu.Int32, 256))
	launch(t, k, 1, 32, must(gpu.Dev(0).AllocFrom(as)), must(gpu.Dev(0).AllocFrom(bs)),
		must(gpu.Dev(0).AllocFrom(cs)), must(gpu.Dev(0).AllocFrom(ss)), out)
	want := make([]int32, 256)
	for i := range as {
		a, b := int32(as[i]), int32(bs[i])
		want[i] = a + b
		want[32+i] = a - b
		want[64+i] = ^a
		want[96+i] = int32(uint8(a + b))
		want[128+i] = int32(cs[i] + 100)
		want[160+i] = int32(ss[i]) * int32(ss[i])
		want[192+i] = a
		want[224+i] = 5
	}
	equal(t, "out", must(out.Int32s()), want)
}

func TestConditionalOperator(t *testing.T) {
	k := define(t, `
__global__ void ternary(const int* x, int n, float* out, int* idx) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (i < n) ? x[i] : -1;
    out[i] = (v % 2 == 0) ? v * 0.5f : (v < 0 ? -1.0 : v);
    int k = 0;
    idx[i] = (i & 1) ? k++ : (k += 10, k * 2);
    idx[i] += k;
}`, "ternary")
	const n = 50
	xs := make([]int32, n)
	for i := range xs {
		xs[i] = int32(i*13%29) - 7
	}
	out := must(gpu.Dev(0).Alloc(gpu.Float32, 64))
	idx := must(gpu.Dev(0).Alloc(gpu.Int32, 64))
	// x has 50 elements: threads 50..63 must not read it.
	launch(t, k, 2, 32, must(gpu.Dev(0).AllocFrom(xs)), n, out, idx)
	want := make([]float32, 64)
	iwant := make([]int32, 64)
	for i := range want {
		v := int32(-1)
		if i < n {
			v = xs[i]
		}
		if v%2 == 0 {
			want[i] = float32(v) * 0.5
		} else if v < 0 {
			want[i] = -1
		} else {
			want[i] = float32(v)
		}
		if i&1 != 0 {
			iwant[i] = 1
		} else {
			iwant[i] = 30
		}
	}
	equal(t, "out", must(out.Float32s()), want)
	equal(t, "idx", must(idx.Int32s()), iwant)
}

func TestDoWhileWithContinue(t *testing.T) {
	k := define(t, `
__global__ void collatz(const unsigned* start, int* steps, int* odd) {
    int i = threadIdx.x;
    unsigned v = start[i];
    int s = 0, o = 0;
    do {
        s++;
        if (v % 2 == 0) { v /= 2; continue; }
        o++;
        v = 3 * v + 1;
    } while (v != 1);
    steps[i] = s; odd[i] = o;
}`, "collatz")
	starts := make([]uint32, 32)
	for i := range starts {
		starts[i] = uint32(i + 1)
	}
	steps := must(gpu.Dev(0).Alloc(gpu.Int32, 32))
	odd := must(gpu.Dev(0).Alloc(gpu.Int32, 32))
	launch(t, k, 1, 32, must(gpu.Dev(0).AllocFrom(starts)), steps, odd)
	ws, wo := make([]int32, 32), make([]int32, 32)
	for i, v := range starts {
		for {
			ws[i]++
			if v%2 == 0 {
				v /= 2
			} else {
				wo[i]++
				v = 3*v + 1
			}
			if v == 1 {
				break
			}
		}
	}
	equal(t, "steps", must(steps.Int32s()), ws)
	equal(t, "odd", must(odd.Int32s()), wo)
}

func TestSwitch(t *testing.T) {
	k := define(t, `
__global__ void classify(const int* x, int* out) {
    int i = threadIdx.x;
    int r = 0;
    switch (x[i] % 6) {
    case 0:
        r = 100;
        break;
    case 1:
    case 2:
        r = 10;
    case 3:
        r += 1;
        break;
    default:
        r = -1;
        break;
    case 4: {
        int t = 7;
        r = t * 2;
    }
    }
    switch ((unsigned char)x[i]) {
    case 255: r += 1000; break;
    case 'A': r += 2000;
    }
    out[i] = r;
}`, "classify")
	xs := make([]int32, 32)
	for i := range xs {
		xs[i] = int32(i) - 12
	}
	xs[0], xs[1] = 65, 255
	out := must(gpu.Dev(0).Alloc(gpu.Int32, 32))
	launch(t, k, 1, 32, must(gpu.Dev(0).AllocFrom(xs)), out)
	want := make([]int32, 32)
	for i, x := range xs {
		switch x % 6 {
		case 0:
			want[i] = 100
		case 1, 2:
			want[i] = 11
		case 3:
			want[i] = 1
		case 4:
			want[i] = 14
		default:
			want[i] = -1
		}
		switch uint8(x) {
		case 255:
			want[i] += 1000
		case 'A':
			want[i] += 2000
		}
	}
	equal(t, "out", must(out.Int32s()), want)
}

func TestDeviceFunctions(t *testing.T) {
	k := define(t, `
__device__ float sq(float v);
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __forceinline__ int lane() { return threadIdx.x % warpSize; }
__device__ void store2(float* out, int i, float a, float b = 1.0f) { out[2 * i] = a; out[2 * i + 1] = b; }
__device__ float dot3(const float* a, const float* b, int i) {
    float s = 0;
    for (int k = 0; k < 3; k++) s += a[3 * i + k] * b[3 * i + k];
    return s;
}
__device__ float sq(float v) { return v * v; }

extern "C" __global__ void devfuncs(const float* a, const float* b, float* out, int* ints) {
    int i = threadIdx.x;
    store2(out, i, sq(a[i]) + dot3(a, b, i));
    ints[i] = fib(i % 12) * 100 + lane();
}`, "devfuncs")
	const n = 40
	as, bs := make([]float32, 3*n), make([]float32, 3*n)
	for i := range as {
		as[i], bs[i] = float32(i)*0.25-3, float32(i%7)*1.5
	}
	out := must(gpu.Dev(0).Alloc(gpu.Float32, 2*n))
	ints := must(gpu.Dev(0).Alloc(gpu.Int32, n))
	launch(t, k, 1, n, must(gpu.Dev(0).AllocFrom(as)), must(gpu.Dev(0).AllocFrom(bs)), out, ints)
	want := make([]float32, 2*n)
	iwant := make([]int32, n)
	fib := []int32{0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89}
	for i := 0; i < n; i++ {
		var s float32
		for k := 0; k < 3; k++ {
			s += float32(as[3*i+k] * bs[3*i+k])
		}
		want[2*i] = float32(as[i]*as[i]) + s
		want[2*i+1] = 1
		iwant[i] = fib[i%12]*100 + int32(i%32)
	}
	equal(t, "out", must(out.Float32s()), want)
	equal(t, "ints", must(ints.Int32s()), iwant)
}

func TestTransposeWith2DSharedTile(t *testing.T) {
	k := define(t, `
#define TILE 16
__global__ void transpose(const float* in, float* out, int w, int h) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}`, "transpose")
	const w, h = 40, 24
	ins := make([]float32, w*h)
	for i := range ins {
		ins[i] = float32(i)
	}
	out := must(gpu.Dev(0).Alloc(gpu.Float32, w*h))
	launch(t, k, gpu.Dim3{X: (w + 15) / 16, Y: (h + 15) / 16, Z: 1}, gpu.Dim3{X: 16, Y: 16, Z: 1},
		must(gpu.Dev(0).AllocFrom(ins)), out, w, h)
	want := make([]float32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			want[x*h+y] = ins[y*w+x]
		}
	}
	equal(t, "out", must(out.Float32s()), want)
}

func TestDynamicSharedMemory(t *testing.T) {
	k := define(t, `
__global__ void reverse(int* d, int n) {
    extern __shared__ int s[];
    int t = threadIdx.x;
    s[t] = d[t];
    __syncthreads();
    d[t] = s[n - t - 1];
}`, "reverse")
	const n = 64
	ds := make([]int32, n)
	for i := range ds {
		ds[i] = int32(i * 3)
	}
	d := must(gpu.Dev(0).AllocFrom(ds))
	launch(t, k, 1, n, d, n, gpu.SharedMem(n*4))
	want := make([]int32, n)
	for i := range want {
		want[i] = ds[n-1-i]
	}
	equal(t, "d", must(d.Int32s()), want)
}

func TestMacrosConstantsAndMath(t *testing.T) {
	k := define(t, `
#define SCALE 2.5f
#define N_OUT (4 * 8)
#ifndef K
const int K = 3;
#endif
static const double HALF = 0.5;
__global__ void mathy(const float* x, float* out, double* dout) {
    int i = threadIdx.x;
    float v = x[i];
    out[i] = sqrtf(fabsf(v)) * SCALE;
    out[N_OUT + i] = fminf(v, 0.0f) + fmaxf(v, 1.0f);
    out[2*N_OUT + i] = floorf(v * K) + powf(2.0f, (float)(i % 5));
    out[3*N_OUT + i] = expf(-v * v) + sinf(v) * cosf(v);
    dout[i] = sqrt((double)fabs(v)) + exp(HALF * v) + sizeof(double);
}`, "mathy")
	xs := make([]float32, 32)
	for i := range xs {
		xs[i] = float32(i)*0.3 - 4
	}
	out := must(gpu.Dev(0).Alloc(gpu.Float32, 128))
	dout := must(gpu.Dev(0).Alloc(gpu.Float64, 32))
	launch(t, k, 1, 32, must(gpu.Dev(0).AllocFrom(xs)), out, dout)
	want := make([]float32, 128)
	dwant := make([]float64, 32)
	f := func(x float64) float32 { return float32(x) }
	for i, v := range xs {
		abs := f(math.Abs(float64(v)))
		want[i] = f(math.Sqrt(float64(abs))) * 2.5
		want[32+i] = min(v, 0) + max(v, 1)
		want[64+i] = f(math.Floor(float64(v*3))) + f(math.Pow(2, float64(i%5)))
		want[96+i] = f(math.Exp(float64(-v*v))) + float32(f(math.Sin(float64(v)))*f(math.Cos(float64(v))))
		dwant[i] = math.Sqrt(float64(abs)) + math.Exp(0.5*float64(v)) + 8
	}
	equal(t, "out", must(out.Float32s()), want)
	equal(t, "dout", must(dout.Float64s()), dwant)
}

// cvtInt32 is CUDA's float to int conversion: truncation, saturation, NaN to 0.
func cvtInt32(f float32) int32 {
	switch {
	case f != f:
		return 0
	case f >= 2147483648:
		return math.MaxInt32
	case f <= -2147483648:
		return math.MinInt32
	}
	return int32(f)
}

func cvtUint32(f float32) uint32 {
	switch {
	case f != f || f <= 0:
		return 0
	case f >= 4294967296:
		return math.MaxUint32
	}
	return uint32(f)
}

func TestConversions(t *testing.T) {
	k := define(t, `
__global__ void casts(const float* f, int* i32, unsigned* u32, long long* i64, float* back) {
    int i = threadIdx.x;
    i32[i] = (int)f[i];
    u32[i] = static_cast<unsigned>(f[i]);
    i64[i] = (long long)(f[i] * 1000.0);
    back[i] = i32[i] + 0.25;
}`, "casts")
	fs := []float32{1.9, -1.9, 3e9, -3e9, float32(math.NaN()), float32(math.Inf(1)), 0.5, -0.5, 2147483520, -2147483648}
	n := len(fs)
	i32 := must(gpu.Dev(0).Alloc(gpu.Int32, n))
	u32 := must(gpu.Dev(0).Alloc(gpu.Uint32, n))
	i64 := must(gpu.Dev(0).Alloc(gpu.Int64, n))
	back := must(gpu.Dev(0).Alloc(gpu.Float32, n))
	launch(t, k, 1, n, must(gpu.Dev(0).AllocFrom(fs)), i32, u32, i64, back)
	wi, wu, wl, wb := make([]int32, n), make([]uint32, n), make([]int64, n), make([]float32, n)
	for i, f := range fs {
		wi[i], wu[i] = cvtInt32(f), cvtUint32(f)
		d := float64(f) * 1000
		switch {
		case d != d:
			wl[i] = 0
		case d >= 0x1p63:
			wl[i] = math.MaxInt64
		default:
			wl[i] = int64(d)
		}
		wb[i] = float32(float64(wi[i]) + 0.25)
	}
	equal(t, "i32", must(i32.Int32s()), wi)
	equal(t, "u32", must(u32.Uint32s()), wu)
	equal(t, "i64", must(i64.Int64s()), wl)
	equal(t, "back", must(back.Float32s()), wb)
}

func TestIntFloatMixing(t *testing.T) {
	k := define(t, `
__global__ void mixing(int* out, float* fout) {
    int i = threadIdx.x;
    int a = 5 + i;
    a += 2.7f;
    a *= 1.5;
    out[i] = a;
    out[8 + i] = (i - 4) / 3;
    out[16 + i] = (i - 4) % 3;
    out[24 + i] = 7 / 2 * 2 + (-7) / 2;
    fout[i] = 1 / 2 + i / 2.0f;
    unsigned u = i; u -= 5;
    fout[8 + i] = u;
}`, "mixing")
	out := must(gpu.Dev(0).Alloc(gpu.Int32, 32))
	fout := must(gpu.Dev(0).Alloc(gpu.Float32, 16))
	launch(t, k, 1, 8, out, fout)
	want := make([]int32, 32)
	fwant := make([]float32, 16)
	for i := int32(0); i < 8; i++ {
		a := 5 + i
		a = int32(float32(a) + 2.7)
		a = int32(float64(a) * 1.5)
		want[i] = a
		want[8+i] = (i - 4) / 3
		want[16+i] = (i - 4) % 3
		want[24+i] = 6 - 3
		fwant[i] = float32(i) / 2
		fwant[8+i] = float32(uint32(i) - 5)
	}
	equal(t, "out", must(out.Int32s()), want)
	equal(t, "fout", must(fout.Float32s()), fwant)
}

func TestPointersCommaAndBoolParam(t *testing.T) {
	k := define(t, `
__global__ void misc(const float* m, int cols, float* rowsum, int* bits, bool negate) {
    int r = threadIdx.x;
    const float* row = m + r * cols;
    float s = 0;
    for (int c = 0; c < cols; c++, row++) s += *row;
    rowsum[r] = negate ? -s : s;
    unsigned k = 1000 + r;
    int n = 0;
    while ((k = k / 2) > 0) n++;
    bits[r] = n * 1000 + (int)global_thread_id();
}`, "misc")
	const rows, cols = 16, 5
	ms := make([]float32, rows*cols)
	for i := range ms {
		ms[i] = float32(i%9) * 0.5
	}
	rowsum := must(gpu.Dev(0).Alloc(gpu.Float32, rows))
	bits := must(gpu.Dev(0).Alloc(gpu.Int32, rows))
	launch(t, k, 1, rows, must(gpu.Dev(0).AllocFrom(ms)), cols, rowsum, bits, 1)
	want := make([]float32, rows)
	bwant := make([]int32, rows)
	for r := 0; r < rows; r++ {
		var s float32
		for c := 0; c < cols; c++ {
			s += ms[r*cols+c]
		}
		want[r] = -s
		n := int32(0)
		for k := 1000 + r; k/2 > 0; k /= 2 {
			n++
		}
		bwant[r] = n*1000 + int32(r)
	}
	equal(t, "rowsum", must(rowsum.Float32s()), want)
	equal(t, "bits", must(bits.Int32s()), bwant)
}

// A producer on one simulated device hands data to a consumer on another through a Peer
// flag, with sync_system on both sides (the prelude's flag_set and flag_wait).
func TestPeerHandoffAcrossDevices(t *testing.T) {
	src := `
extern "C" __global__ void producer(Peer<float> data, Peer<unsigned> flag, int round) {
    for (long long i = threadIdx.x; i < data.len(); i += blockDim.x) {
        data[i] = 2.0f * i + round;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        flag_set(flag, 0, (unsigned)round);
    }
}

extern "C" __global__ void consumer(Peer<const float> data, Peer<unsigned> flag, Slice<float> out, int round) {
    __shared__ int ok;
    if (threadIdx.x == 0) {
        ok = flag_wait_at_least(flag, 0, round);
    }
    __syncthreads();
    if (!ok) return;
    for (long long i = threadIdx.x; i < data.len(); i += blockDim.x) {
        out[i] = data.load(i);
    }
}`
	ks := defineAll(t, src, "producer", "consumer")
	producer, consumer := ks["producer"], ks["consumer"]
	d0, d1 := gpu.Dev(0), gpu.Dev(1)
	const n = 4096
	data := must(d0.AllocShared(gpu.Float32, n))
	flag := must(d0.AllocShared(gpu.Uint32, 1))
	out := must(d1.Alloc(gpu.Float32, n))
	s := must(d1.NewStream())
	for round := 1; round <= 3; round++ {
		if err := consumer.Launch(d1, 1, 256, data, flag, out, round, gpu.OnStream(s)); err != nil {
			t.Fatal(err)
		}
		if err := producer.Launch(d0, 1, 256, data, flag, round); err != nil {
			t.Fatal(err)
		}
		if err := s.Synchronize(); err != nil {
			t.Fatal(err)
		}
		got := must(out.Float32s())
		bad := 0
		for i, g := range got {
			if g != 2*float32(i)+float32(round) {
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("round %d: %d of %d values wrong", round, bad, n)
		}
	}
}

// The same hand-off written with sync_system() and atomics by hand.
func TestPeerHandoffWithExplicitFences(t *testing.T) {
	src := `
extern "C" __global__ void prod2(Peer<int> data, Peer<int> flag) {
    int i = threadIdx.x;
    data[i] = i * 3 + 1;
    sync_system();
    __syncthreads();
    if (i == 0) atomicExch(&flag[0], 1);
}
extern "C" __global__ void cons2(Peer<int> data, Peer<int> flag, int* out) {
    if (threadIdx.x == 0) {
        while (atomicAdd(&flag[0], 0) == 0) {
        }
    }
    __syncthreads();
    __threadfence_system();
    out[threadIdx.x] = data[threadIdx.x];
}`
	ks := defineAll(t, src, "prod2", "cons2")
	prod, cons := ks["prod2"], ks["cons2"]
	d0, d1 := gpu.Dev(0), gpu.Dev(1)
	data := must(d1.AllocShared(gpu.Int32, 128))
	flag := must(d1.AllocShared(gpu.Int32, 1))
	out := must(d1.Alloc(gpu.Int32, 128))
	s := must(d1.NewStream())
	if err := cons.Launch(d1, 1, 128, data, flag, out, gpu.OnStream(s)); err != nil {
		t.Fatal(err)
	}
	if err := prod.Launch(d0, 1, 128, data, flag); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	want := make([]int32, 128)
	for i := range want {
		want[i] = int32(i*3 + 1)
	}
	equal(t, "out", must(out.Int32s()), want)
}

func TestHistogramOnPeerBuffer(t *testing.T) {
	k := define(t, `
extern "C" __global__ void histogram(Slice<const unsigned> values, Peer<unsigned> bins, int nbins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < values.len()) {
        atomicAdd_system(&bins[values[i] % nbins], 1u);
        atomicAdd(bins.at(nbins), 1u);
    }
}`, "histogram")
	values := make([]uint32, 10000)
	for i := range values {
		values[i] = uint32(i * 7)
	}
	bins := must(gpu.Dev(0).AllocShared(gpu.Uint32, 9))
	launch(t, k, (len(values)+255)/256, 256, must(gpu.Dev(0).AllocFrom(values)), bins, 8)
	want := make([]uint32, 9)
	for _, v := range values {
		want[v%8]++
	}
	want[8] = uint32(len(values))
	equal(t, "bins", must(bins.Uint32s()), want)
	// The Peer parameter takes shared buffers only, as on a GPU.
	err := k.Launch(gpu.Dev(0), 1, 1, must(gpu.Dev(0).AllocFrom(values)), must(gpu.Dev(0).Alloc(gpu.Uint32, 8)), 8)
	if err == nil || !strings.Contains(err.Error(), "Peer") {
		t.Errorf("unshared Peer argument: %v", err)
	}
}

// A failing thread names the CUDA source line.
func TestRuntimeErrorPointsAtTheCell(t *testing.T) {
	k := define(t, `__global__ void oob(int* x, int n) {
    int i = threadIdx.x;
    x[i + n] = i;
}`, "oob")
	err := k.Launch(gpu.Dev(0), 1, 4, must(gpu.Dev(0).Alloc(gpu.Int32, 4)), 2)
	var pe *gpu.PanicError
	if !errors.As(err, &pe) || !strings.HasPrefix(pe.Pos, "cell[7]:3:") || !strings.Contains(pe.Msg, "index out of range") {
		t.Errorf("error %v", err)
	}
}

// Kernels beyond the subset are defined; launching one on a simulated device names the
// construct, while the cell's other kernels run.
func TestUnsupportedKernelFailsAtLaunch(t *testing.T) {
	src := `__global__ void fine(int* x) { x[threadIdx.x] = 1; }
__global__ void shuffle(int* x) {
    int v = x[threadIdx.x];
    v += __shfl_down_sync(0xffffffff, v, 1);
    x[threadIdx.x] = v;
}`
	ks := defineAll(t, src, "fine", "shuffle")
	x := must(gpu.Dev(0).Alloc(gpu.Int32, 4))
	launch(t, ks["fine"], 1, 4, x)
	err := ks["shuffle"].Launch(gpu.Dev(0), 1, 4, x)
	want := "launch shuffle: cell[7]:4:10: __shfl_down_sync is not supported on simulated devices (it runs on a GPU)"
	if err == nil || err.Error() != want {
		t.Errorf("error:\n  got  %v\n  want %s", err, want)
	}
}

// Invalid source is an error when the cell defines it, at the cell's line and column.
func TestInvalidSourceFailsAtDefinition(t *testing.T) {
	if err := gpu.Use("sim:nvlink2"); err != nil {
		t.Fatal(err)
	}
	_, err := gpu.DefineCUDA("extern \"C\" __global__ void broken(Slice<float> x) {\n    x[0] = undefined_name;\n}", "example", 1)
	want := `example:2:12: identifier "undefined_name" is undefined`
	if err == nil || err.Error() != want {
		t.Errorf("error:\n  got  %v\n  want %s", err, want)
	}
}

// Constant expressions fold with C's types and wraparound (Go would reject many of them).
func TestConstantExpressions(t *testing.T) {
	k := define(t, `
__global__ void consts(int* out, unsigned* uout, long long* lout, float* fout) {
    out[0] = (char)300;
    out[1] = (unsigned char)-1;
    out[2] = -2147483647 - 1;
    out[3] = -7 / 2;
    out[4] = -7 % 2;
    out[5] = (int)0x80000000 >> 31;
    out[6] = (int)(1u << 31 >> 31);
    out[7] = sizeof(long long) * 2 + sizeof(short);
    out[8] = 'A' + '\n';
    out[9] = (int)3.99f + (int)-3.99;
    out[10] = (int)1e20f;
    out[11] = true + true;
    out[12] = 10 > 3u;
    out[13] = -1 < 0u;
    out[14] = INT_MAX;
    out[15] = (short)70000 * 2;
    uout[0] = (unsigned)-1;
    uout[1] = 0u - 1;
    uout[2] = ~0u >> 4;
    uout[3] = 0x80000000;
    uout[4] = 3000000000u * 2u;
    lout[0] = 2147483648;
    lout[1] = 0xffffffffffffffffull >> 1;
    lout[2] = 1LL << 40;
    lout[3] = -1LL * 5000000000LL;
    fout[0] = 1.0f / 3.0f;
    fout[1] = 0.1f + 0.2f;
    fout[2] = 1 / 2;
    fout[3] = 1e40;
    fout[4] = 16777217;
    fout[5] = (float)0.1;
}`, "consts")
	out := must(gpu.Dev(0).Alloc(gpu.Int32, 16))
	uout := must(gpu.Dev(0).Alloc(gpu.Uint32, 5))
	lout := must(gpu.Dev(0).Alloc(gpu.Int64, 4))
	fout := must(gpu.Dev(0).Alloc(gpu.Float32, 6))
	launch(t, k, 1, 1, out, uout, lout, fout)
	seventyK := int32(70000)
	equal(t, "out", must(out.Int32s()), []int32{44, 255, math.MinInt32, -3, -1, -1, 1, 18, 75, 0, math.MaxInt32,
		2, 1, 0, math.MaxInt32, int32(int16(seventyK)) * 2})
	equal(t, "uout", must(uout.Uint32s()), []uint32{math.MaxUint32, math.MaxUint32, math.MaxUint32 >> 4, 1 << 31, 1705032704})
	equal(t, "lout", must(lout.Int64s()), []int64{2147483648, math.MaxInt64, 1 << 40, -5000000000})
	one, three, a, b := float32(1), float32(3), float32(0.1), float32(0.2)
	equal(t, "fout", must(fout.Float32s()), []float32{one / three, a + b, 0, float32(math.Inf(1)), 16777216, float32(0.1)})
}

func TestFeatureMix(t *testing.T) {
	k := define(t, `
typedef unsigned int u32;
__device__ bool isPrime(u32 v) {
    if (v < 2) return false;
    for (u32 d = 2; d * d <= v; ++d)
        if (v % d == 0) return false;
    return true;
}
__global__ void mix(Peer<int> p, int* out, float* fout) {
    int t = threadIdx.x;
    auto a = t * 3;
    int arr[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int s = 0;
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 3; c++) {
            if (c == 1) continue;
            if (r == 1 && c == 2) break;
            s += arr[r][c] * (a + 1);
        }
    out[t] = s;
    u32 n = 0;
    for (u32 i = t + 5; i-- > 0;) n += isPrime(i);
    out[32 + t] = n;
    bool even = (t & 1) == 0;
    out[64 + t] = even ? abs(-t) : max(t, 10) - min(t, 3);
    float f = t * 0.75f;
    fout[t] = fmodf(f, 2.0f) + roundf(f) + truncf(-f) + __int_as_float(__float_as_int(f));
    p.store(t, t * t);
    p[32 + t] = p.load(t) + 1;
    atomicAdd(p.at(64), t);
    int w = 0;
    while (true) {
        w++;
        if (w > t) break;
        switch (w % 3) { case 0: continue; default: w++; }
    }
    out[96 + t] = w;
}`, "mix")
	p := must(gpu.Dev(0).AllocShared(gpu.Int32, 65))
	out := must(gpu.Dev(0).Alloc(gpu.Int32, 128))
	fout := must(gpu.Dev(0).Alloc(gpu.Float32, 32))
	launch(t, k, 1, 32, p, out, fout)
	want := make([]int32, 128)
	fwant := make([]float32, 32)
	pwant := make([]int32, 65)
	isPrime := func(v uint32) bool {
		if v < 2 {
			return false
		}
		for d := uint32(2); d*d <= v; d++ {
			if v%d == 0 {
				return false
			}
		}
		return true
	}
	for t := int32(0); t < 32; t++ {
		a := t * 3
		want[t] = (1 + 3 + 4) * (a + 1)
		for i := uint32(0); i < uint32(t+5); i++ {
			if isPrime(i) {
				want[32+t]++
			}
		}
		if t&1 == 0 {
			want[64+t] = t
		} else {
			want[64+t] = max(t, 10) - min(t, 3)
		}
		f := float32(t) * 0.75
		fwant[t] = float32(math.Mod(float64(f), 2)) + float32(math.Round(float64(f))) + float32(math.Trunc(float64(-f))) + f
		pwant[t] = t * t
		pwant[32+t] = t*t + 1
		pwant[64] += t
		w := int32(0)
		for {
			w++
			if w > t {
				break
			}
			if w%3 != 0 {
				w++
			}
		}
		want[96+t] = w
	}
	equal(t, "out", must(out.Int32s()), want)
	equal(t, "fout", must(fout.Float32s()), fwant)
	equal(t, "p", must(p.Int32s()), pwant)
}
