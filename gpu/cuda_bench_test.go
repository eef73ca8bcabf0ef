package gpu

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
)

// Translated Go kernels against the same kernels hand-written in CUDA C, and a
// device-to-device copy of the same bytes, over 256M float32 (1 GiB a buffer). Every
// figure is the kernel's (or copy's) time between two events on its stream; the metric
// GB/s is the memory traffic (bytes read + bytes written) per second, so that the kernels
// and the copy compare: the copy reads and writes each byte once.
//
//	./gpu.test -test.run '^$' -test.bench 'BenchmarkCUDA' -test.benchtime 2s
//
// BenchmarkCUDAGoVsCUDAC runs every variant in turn in each iteration and reports the
// ratios the targets are stated in.

// benchN is the number of float32 elements of each buffer: 256M, 1 GiB.
const benchN = 256 << 20

// benchGoSrc is the Go kernels measured, each twice (see fastAndChecked): SAXPY and the
// block sum as the cross-device suite has them, and two SAXPYs of the benchmark's own.
var benchGoSrc = fastAndChecked("saxpyGo", "saxpy", suite.SAXPYSrc) +
	fastAndChecked("saxpyStrideGo", "saxpyStride", saxpyStrideSrc) +
	fastAndChecked("saxpyVec4Go", "saxpyVec4", saxpyVec4Src) +
	fastAndChecked("sumGo", "blockSum", suite.BlockSumSrc)

// saxpyStrideSrc is the grid-stride form: a grid of a few blocks per SM, each thread
// looping over the buffer (the loop is counted in plain arithmetic where it can't wrap:
// see gokernel's countedLoop), so that each thread keeps several loads in flight.
const saxpyStrideSrc = `
func saxpyStride(t gpu.Thread, n int, a float32, x []float32, y []float32) {
	for i := t.GlobalX(); i < n; i += t.StrideX() {
		y[i] = a*x[i] + y[i]
	}
}`

// saxpyVec4Src has vector accesses: 16 bytes a load or a store (gpu.Load4, gpu.Store4), as
// saxpyVec4C does with float4. n must be a multiple of 4.
const saxpyVec4Src = `
func saxpyVec4(t gpu.Thread, n int, a float32, x []float32, y []float32) {
	for i := 4 * t.GlobalX(); i < n; i += 4 * t.StrideX() {
		u := gpu.Load4(x, i)
		v := gpu.Load4(y, i)
		gpu.Store4(y, i, [4]float32{a*u[0] + v[0], a*u[1] + v[1], a*u[2] + v[2], a*u[3] + v[3]})
	}
}`

// fastAndChecked returns the kernel named kernel in src twice: as prefix+"Fast" without
// bounds checks (//gpu:nobounds) and as prefix+"Checked" with them.
func fastAndChecked(prefix, kernel, src string) string {
	decl := "\nfunc " + kernel + "("
	if strings.Count(src, decl) != 1 {
		panic(fmt.Sprintf("fastAndChecked: %q does not declare %s once", src, kernel))
	}
	return strings.Replace(src, decl, "\n//gpu:nobounds\nfunc "+prefix+"Fast(", 1) + "\n" +
		strings.Replace(src, decl, "\nfunc "+prefix+"Checked(", 1) + "\n"
}

const benchCSrc = `
extern "C" __global__ void saxpyC(long long n, float a, const float* __restrict__ x, float* __restrict__ y) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void saxpyStrideC(long long n, float a, const float* __restrict__ x, float* __restrict__ y) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
}

// Ceilings of SAXPY on the device, hand-written C only: 16-byte vector accesses, and
// streaming cache hints (__ldcs/__stcs). n must be a multiple of 4.
extern "C" __global__ void saxpyVec4C(long long n, float a, const float* __restrict__ xs, float* __restrict__ ys) {
  const float4* __restrict__ x = reinterpret_cast<const float4*>(xs);
  float4* __restrict__ y = reinterpret_cast<float4*>(ys);
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += (long long)gridDim.x * blockDim.x) {
    float4 u = x[i], v = y[i];
    v.x = a * u.x + v.x; v.y = a * u.y + v.y; v.z = a * u.z + v.z; v.w = a * u.w + v.w;
    y[i] = v;
  }
}

extern "C" __global__ void saxpyStreamC(long long n, float a, const float* __restrict__ x, float* __restrict__ y) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    __stcs(y + i, a * __ldcs(x + i) + __ldcs(y + i));
}

extern "C" __global__ void sumC(long long n, const float* __restrict__ x, float* __restrict__ out) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  float v = 0.0f;
  for (long long i = (long long)blockIdx.x * blockDim.x + tid; i < n; i += (long long)gridDim.x * blockDim.x) v += x[i];
  s[tid] = v;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, s[0]);
}
`

// benchState is the buffers and kernels, made once per process.
var benchState struct {
	once       sync.Once
	err        error
	dev        *Device
	x, y, out  *Buffer
	dst        *Buffer
	stream     *Stream
	start, end *Event
	k          map[string]*Kernel
	sumGrid    int
}

// benchVariant is one measured operation and the bytes it moves.
type benchVariant struct {
	name    string
	traffic float64 // bytes read + written
	run     func() (time.Duration, error)
}

func setupBench(b *testing.B) {
	b.Helper()
	useCUDA(b)
	s := &benchState
	s.once.Do(func() { s.err = makeBench() })
	if s.err != nil {
		b.Fatalf("setting up: %v", s.err)
	}
}

func makeBench() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	s := &benchState
	s.dev = Dev(0)
	s.k = map[string]*Kernel{}
	for _, k := range must(DefineGo(benchGoSrc, "bench", 1)) {
		s.k[k.Name()] = k
	}
	for _, k := range must(DefineCUDA(benchCSrc, "bench.cu", 1)) {
		s.k[k.Name()] = k
	}
	s.x = must(s.dev.Alloc(Float32, benchN))
	s.y = must(s.dev.Alloc(Float32, benchN))
	s.dst = must(s.dev.Alloc(Float32, benchN))
	s.out = must(s.dev.Alloc(Float32, 1))
	must(0, s.x.Fill(1))
	s.stream = must(s.dev.NewStream())
	s.start, s.end = must(s.dev.NewEvent()), must(s.dev.NewEvent())
	s.sumGrid = s.dev.SMs() * 8
	// Each kernel once, checked: the figures are of kernels that work.
	for _, name := range []string{"saxpyGoFast", "saxpyGoChecked", "saxpyC", "saxpyStrideGoFast", "saxpyStrideGoChecked", "saxpyStrideC", "saxpyVec4GoFast", "saxpyVec4GoChecked", "saxpyVec4C", "saxpyStreamC"} {
		must(0, s.y.Fill(2))
		grid := benchN / 256
		if !strings.HasPrefix(name, "saxpyGo") && name != "saxpyC" {
			grid = s.sumGrid
		}
		must(0, s.k[name].Launch(s.dev, grid, 256, benchN, 0.5, s.x, s.y))
		for _, i := range []int{0, benchN / 2, benchN - 1} {
			if v := must(s.y.At(i)); v != 2.5 {
				return fmt.Errorf("%s: y[%d] = %v, want 2.5", name, i, v)
			}
		}
	}
	for _, name := range []string{"sumGoFast", "sumGoChecked", "sumC"} {
		must(0, s.out.Fill(0))
		must(0, s.k[name].Launch(s.dev, s.sumGrid, 256, benchN, s.x, s.out))
		if v := must(s.out.At(0)); math.Abs(v-benchN)/benchN > 1e-4 {
			return fmt.Errorf("%s: sum of %d ones = %v", name, benchN, v)
		}
	}
	must(0, CopyAsync(s.dst, s.x, s.stream))
	must(0, s.stream.Synchronize())
	if v := must(s.dst.At(benchN - 1)); v != 1 {
		return fmt.Errorf("copy: dst[last] = %v", v)
	}
	return nil
}

// timed runs op on the bench stream between two events and returns the time between them.
func timed(op func() error) (time.Duration, error) {
	s := &benchState
	if err := s.start.Record(s.stream); err != nil {
		return 0, err
	}
	if err := op(); err != nil {
		return 0, err
	}
	if err := s.end.Record(s.stream); err != nil {
		return 0, err
	}
	if err := s.stream.Synchronize(); err != nil {
		return 0, err
	}
	return s.start.Elapsed(s.end)
}

func benchVariants() []benchVariant {
	s := &benchState
	saxpy := func(name string) func() (time.Duration, error) {
		k := s.k[name].With(OnStream(s.stream))
		return func() (time.Duration, error) {
			return timed(func() error { return k.Launch(s.dev, benchN/256, 256, benchN, 0.5, s.x, s.y) })
		}
	}
	saxpyStride := func(name string) func() (time.Duration, error) {
		k := s.k[name].With(OnStream(s.stream))
		return func() (time.Duration, error) {
			return timed(func() error { return k.Launch(s.dev, s.sumGrid, 256, benchN, 0.5, s.x, s.y) })
		}
	}
	sum := func(name string) func() (time.Duration, error) {
		k := s.k[name].With(OnStream(s.stream))
		return func() (time.Duration, error) {
			return timed(func() error { return k.Launch(s.dev, s.sumGrid, 256, benchN, s.x, s.out) })
		}
	}
	const bytes = 4 * benchN
	return []benchVariant{
		{"saxpy-go-nobounds", 3 * bytes, saxpy("saxpyGoFast")},
		{"saxpy-go-bounds", 3 * bytes, saxpy("saxpyGoChecked")},
		{"saxpy-c", 3 * bytes, saxpy("saxpyC")},
		{"saxpystride-go-nobounds", 3 * bytes, saxpyStride("saxpyStrideGoFast")},
		{"saxpystride-go-bounds", 3 * bytes, saxpyStride("saxpyStrideGoChecked")},
		{"saxpystride-c", 3 * bytes, saxpyStride("saxpyStrideC")},
		{"saxpyvec4-go-nobounds", 3 * bytes, saxpyStride("saxpyVec4GoFast")},
		{"saxpyvec4-go-bounds", 3 * bytes, saxpyStride("saxpyVec4GoChecked")},
		{"saxpyvec4-c", 3 * bytes, saxpyStride("saxpyVec4C")},
		{"saxpystream-c", 3 * bytes, saxpyStride("saxpyStreamC")},
		{"sum-go-nobounds", bytes, sum("sumGoFast")},
		{"sum-go-bounds", bytes, sum("sumGoChecked")},
		{"sum-c", bytes, sum("sumC")},
		{"copy-d2d", 2 * bytes, func() (time.Duration, error) {
			return timed(func() error { return CopyAsync(s.dst, s.x, s.stream) })
		}},
	}
}

// benchOne measures one variant b.N times and reports its GB/s and milliseconds.
func benchOne(b *testing.B, name string) {
	defer catch(b)
	setupBench(b)
	var v benchVariant
	for _, x := range benchVariants() {
		if x.name == name {
			v = x
		}
	}
	if _, err := v.run(); err != nil { // warm
		b.Fatal(err)
	}
	var total time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := v.run()
		if err != nil {
			b.Fatal(err)
		}
		total += d
	}
	per := total.Seconds() / float64(b.N)
	b.ReportMetric(v.traffic/per/1e9, "GB/s")
	b.ReportMetric(per*1e3, "gpu-ms/op")
}

func BenchmarkCUDASAXPYGoNoBounds(b *testing.B)     { benchOne(b, "saxpy-go-nobounds") }
func BenchmarkCUDASAXPYGoBounds(b *testing.B)       { benchOne(b, "saxpy-go-bounds") }
func BenchmarkCUDASAXPYC(b *testing.B)              { benchOne(b, "saxpy-c") }
func BenchmarkCUDASAXPYVec4GoNoBounds(b *testing.B) { benchOne(b, "saxpyvec4-go-nobounds") }
func BenchmarkCUDASAXPYVec4GoBounds(b *testing.B)   { benchOne(b, "saxpyvec4-go-bounds") }
func BenchmarkCUDASAXPYVec4C(b *testing.B)          { benchOne(b, "saxpyvec4-c") }
func BenchmarkCUDASumGoNoBounds(b *testing.B)       { benchOne(b, "sum-go-nobounds") }
func BenchmarkCUDASumGoBounds(b *testing.B)         { benchOne(b, "sum-go-bounds") }
func BenchmarkCUDASumC(b *testing.B)                { benchOne(b, "sum-c") }
func BenchmarkCUDACopyD2D(b *testing.B)             { benchOne(b, "copy-d2d") }

// BenchmarkCUDAGoVsCUDAC measures every variant once per iteration, in turn (so that
// clocks and temperature affect them alike), and reports from the medians: each
// variant's GB/s, the Go kernels' time as a percentage of the CUDA C kernels' (target:
// at most 105 with bounds checks off), and each kernel's GB/s as a percentage of the
// copy's (target: at least 90).
func BenchmarkCUDAGoVsCUDAC(b *testing.B) {
	defer catch(b)
	setupBench(b)
	vs := benchVariants()
	times := make([][]time.Duration, len(vs))
	for _, v := range vs {
		if _, err := v.run(); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, v := range vs {
			// Each variant runs once untimed first, so that it is timed after itself, as
			// in a loop of it: otherwise a kernel pays for the dirty cache lines of the
			// one before it (a SAXPY leaves tens of MB of written L2 lines for the next
			// kernel to write back: some 10 us, 4% of a sum over 1 GiB).
			if _, err := v.run(); err != nil {
				b.Fatal(err)
			}
			d, err := v.run()
			if err != nil {
				b.Fatal(err)
			}
			times[j] = append(times[j], d)
		}
	}
	b.StopTimer()
	med := map[string]float64{}
	gbps := map[string]float64{}
	for j, v := range vs {
		ts := times[j]
		sort.Slice(ts, func(a, c int) bool { return ts[a] < ts[c] })
		m := ts[len(ts)/2].Seconds()
		med[v.name] = m
		gbps[v.name] = v.traffic / m / 1e9
		b.ReportMetric(gbps[v.name], v.name+"-GB/s")
	}
	for _, k := range []string{"saxpy", "saxpystride", "saxpyvec4", "sum"} {
		c := med[k+"-c"]
		b.ReportMetric(100*med[k+"-go-nobounds"]/c, k+"-go-nobounds-time-%-of-c")
		b.ReportMetric(100*med[k+"-go-bounds"]/c, k+"-go-bounds-time-%-of-c")
		for _, v := range []string{"-go-nobounds", "-go-bounds", "-c"} {
			b.ReportMetric(100*gbps[k+v]/gbps["copy-d2d"], k+v+"-%-of-copy")
		}
	}
	for _, v := range []string{"saxpystream-c"} {
		b.ReportMetric(100*gbps[v]/gbps["copy-d2d"], v+"-%-of-copy")
	}
	b.ReportMetric(float64(4*benchN)/med["copy-d2d"]/1e9, "copy-bytes-GB/s")
	b.Logf("%d rounds; median kernel times: %v", b.N, fmtMedians(vs, med))
}

func fmtMedians(vs []benchVariant, med map[string]float64) string {
	s := ""
	for _, v := range vs {
		s += fmt.Sprintf("%s %.3f ms, ", v.name, med[v.name]*1e3)
	}
	return s[:len(s)-2]
}

// TestCUDADumpBenchPTX writes the PTX of the benchmark's kernels, translated Go and CUDA C,
// into $PEERBOOK_PTX_DUMP (a folder), to compare their loops; it does nothing without it.
func TestCUDADumpBenchPTX(t *testing.T) {
	dir := os.Getenv("PEERBOOK_PTX_DUMP")
	if dir == "" {
		t.Skip("set PEERBOOK_PTX_DUMP to a folder to write the PTX of the benchmark kernels")
	}
	useCUDA(t)
	compile, where := ptxSource(t)
	t.Logf("PTX from %s", where)
	ks, err := DefineGo(benchGoSrc, "bench", 1)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []string
	for _, k := range ks {
		src, err := k.CUDA()
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	for i, src := range append(srcs, benchCSrc) {
		ptx, err := compile(src, fmt.Sprintf("bench%d.cu", i)) // with the Go kernels' flags (--fmad=false)
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("bench%d.ptx", i)), []byte(ptx), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
