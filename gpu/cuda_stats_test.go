package gpu

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cuda"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// Buffer statistics and views computed on a CUDA device (cuda_glue.go): the kernel's
// partials, assembled, must give what display.Reduction gives on the host.

// emulateStatsKernel computes in Go what statsSrc's kernel writes for each cell.
func emulateStatsKernel(x []float64, rows, cols, gridRows, gridCols int64) []cellPartial {
	out := make([]cellPartial, gridRows*gridCols)
	for k := range out {
		gr, gc := int64(k)/gridCols, int64(k)%gridCols
		r0, r1 := gr*rows/gridRows, (gr+1)*rows/gridRows
		c0, c1 := gc*cols/gridCols, (gc+1)*cols/gridCols
		p := cellPartial{min: math.Inf(1), max: math.Inf(-1)}
		for r := r0; r < r1; r++ {
			for c := c0; c < c1; c++ {
				v := x[r*cols+c]
				switch {
				case math.IsNaN(v):
					p.nan++
				case math.IsInf(v, 0):
					p.inf++
				default:
					p.cnt++
					p.sum += v
					p.min, p.max = math.Min(p.min, v), math.Max(p.max, v)
				}
			}
		}
		mean := 0.0
		if p.cnt > 0 {
			mean = p.sum / p.cnt
		}
		for r := r0; r < r1; r++ {
			for c := c0; c < c1; c++ {
				if v := x[r*cols+c]; !math.IsNaN(v) && !math.IsInf(v, 0) {
					p.m2 += (v - mean) * (v - mean)
				}
			}
		}
		out[k] = p
	}
	return out
}

// near compares floats within a relative tolerance; NaN equals NaN.
func near(a, b, tol float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	if a == b {
		return true
	}
	return math.Abs(a-b) <= tol*math.Max(math.Abs(a), math.Abs(b))
}

// compareViews returns how two views of the same buffer differ ("" when they agree).
func compareViews(want, got display.BufferView, tol float64) string {
	var diffs []string
	ws, gs := want.Stats, got.Stats
	if ws.Count != gs.Count || ws.NaN != gs.NaN || ws.Inf != gs.Inf || !near(ws.Min, gs.Min, 0) || !near(ws.Max, gs.Max, 0) ||
		!near(ws.Mean, gs.Mean, tol) || !near(ws.Std, gs.Std, tol) {
		diffs = append(diffs, fmt.Sprintf("stats %+v, want %+v", gs, ws))
	}
	series := func(what string, w, g []float64, tol float64) {
		if len(w) != len(g) {
			diffs = append(diffs, fmt.Sprintf("%s: %d values, want %d", what, len(g), len(w)))
			return
		}
		for i := range w {
			if !near(w[i], g[i], tol) {
				diffs = append(diffs, fmt.Sprintf("%s[%d] = %v, want %v", what, i, g[i], w[i]))
				return
			}
		}
	}
	switch {
	case want.Envelope != nil && got.Envelope != nil:
		series("envelope min", want.Envelope.Min, got.Envelope.Min, 0)
		series("envelope max", want.Envelope.Max, got.Envelope.Max, 0)
		series("envelope mean", want.Envelope.Mean, got.Envelope.Mean, tol)
	case want.Grid != nil && got.Grid != nil:
		if want.Grid.Rows != got.Grid.Rows || want.Grid.Cols != got.Grid.Cols || want.Grid.Method != got.Grid.Method {
			diffs = append(diffs, fmt.Sprintf("grid %dx%d %s, want %dx%d %s", got.Grid.Rows, got.Grid.Cols, got.Grid.Method,
				want.Grid.Rows, want.Grid.Cols, want.Grid.Method))
		}
		series("grid", want.Grid.Values, got.Grid.Values, tol)
	default:
		diffs = append(diffs, fmt.Sprintf("envelope %v grid %v, want envelope %v grid %v",
			got.Envelope != nil, got.Grid != nil, want.Envelope != nil, want.Grid != nil))
	}
	return strings.Join(diffs, "; ")
}

// statsTestValues makes n values with some NaN and Inf, and a NaN-only stretch (so that
// some bins or cells have no finite element).
func statsTestValues(n int, seed int64) []float64 {
	rng := rand.New(rand.NewSource(seed))
	x := make([]float64, n)
	for i := range x {
		x[i] = math.Round(rng.NormFloat64()*1000) / 8
		switch rng.Intn(500) {
		case 0:
			x[i] = math.NaN()
		case 1:
			x[i] = math.Inf(1 - 2*rng.Intn(2))
		}
	}
	for i := n / 3; i < n/3+n/100; i++ {
		x[i] = math.NaN()
	}
	return x
}

// The assembly of the kernel's partials (emulated) gives display.Reduction's view.
func TestStatsFromCellsMatchTheHostReduction(t *testing.T) {
	for _, shape := range [][]int{{100003}, {300, 1000}, {1000, 70}, {7, 9, 200}, {2000, 3}, {2, 50000}} {
		n := 1
		for _, d := range shape {
			n *= d
		}
		x := statsTestValues(n, int64(n))
		r, err := display.NewReduction(shape)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Add(0, x); err != nil {
			t.Fatal(err)
		}
		var want, got display.BufferView
		r.Fill(&want)
		matrix := len(shape) >= 2
		rows, cols, gr, gc := int64(1), int64(n), int64(1), int64(display.EnvelopeBins)
		if matrix {
			cols = int64(shape[len(shape)-1])
			rows = int64(n) / cols
			gr, gc = min(rows, display.GridSize), min(cols, display.GridSize)
		}
		fillFromCells(&got, emulateStatsKernel(x, rows, cols, gr, gc), int64(n), matrix, int(gr), int(gc))
		if d := compareViews(want, got, 1e-9); d != "" {
			t.Errorf("shape %v: %s", shape, d)
		}
	}
	// Every element NaN: statistics of no finite element.
	x := []float64{math.NaN(), math.NaN(), math.Inf(1)}
	s := mergeCells(emulateStatsKernel(x, 1, 3, 1, 2))
	if s.Count != 3 || s.NaN != 2 || s.Inf != 1 || !math.IsNaN(s.Mean) || !math.IsNaN(s.Min) || !math.IsNaN(s.Std) {
		t.Errorf("no finite element: %+v", s)
	}
}

// TestStatsKernelSignatures requires a statistics kernel, with the signature the launcher
// reads, for every dtype (the module was once a macro the signature parser can't see), and
// that signature to be the one its source declares, parameter for parameter, as the CUDA
// backend requires to load it (float16 was once given where the source says uint16).
func TestStatsKernelSignatures(t *testing.T) {
	sigs, err := cudasrc.Signatures(statsSrc)
	if err != nil {
		t.Fatal(err)
	}
	if len(sigs) != int(Float64-Int8+1) {
		t.Errorf("%d statistics kernels in the source, want one per dtype", len(sigs))
	}
	inSource := map[string]backend.Signature{}
	for _, s := range sigs {
		inSource[s.Name] = s
	}
	byType, err := statsSignatures()
	if err != nil {
		t.Fatal(err)
	}
	for dt := Int8; dt <= Float64; dt++ {
		s, ok := byType[dt]
		if !ok {
			t.Errorf("no statistics kernel for %s", dt)
			continue
		}
		if s.Name != "pb_stats_"+dt.String() || len(s.Params) != 6 || s.Params[0].DType.Size() != dt.Size() || dtypeOf(s.Params[5].DType) != Float64 {
			t.Errorf("%s: kernel %s, signature %+v", dt, s.Name, s.Params)
			continue
		}
		src, ok := inSource[s.Name]
		if !ok || len(src.Params) != len(s.Params) {
			t.Errorf("%s: kernel %s is not in the source as the launcher sees it: %+v", dt, s.Name, src)
			continue
		}
		for i, p := range s.Params {
			if p.Kind != src.Params[i].Kind || p.DType != src.Params[i].DType {
				t.Errorf("%s: parameter %d (%s) is %v %s in the source, %v %s in the signature", s.Name, i, p.Name, src.Params[i].Kind, src.Params[i].DType, p.Kind, p.DType)
			}
		}
	}
}

// statsPTX compiles the statistics kernels with NVRTC alone (no GPU needed).
func TestStatsKernelsCompile(t *testing.T) {
	v, err := cuda.NVRTCVersion()
	if err != nil {
		t.Skipf("no NVRTC: %v", err)
	}
	ptx, err := cuda.CompilePTX(90, statsSrc, backend.CompileOptions{File: "peerbook-stats"})
	if err != nil {
		t.Fatalf("NVRTC %s: %v", v, err)
	}
	for _, dt := range []string{"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "bfloat16", "float32", "float64"} {
		if !strings.Contains(ptx, ".entry pb_stats_"+dt+"(") {
			t.Errorf("no kernel for %s", dt)
		}
	}
}

// cudaTestBuffer allocates a buffer of dtype holding x (converted) on d.
func cudaTestBuffer(t *testing.T, d *Device, dt DType, x []float64, shape []int) *Buffer {
	t.Helper()
	b := must(d.Alloc(dt, len(x)))
	raw := make([]byte, len(x)*dt.Size())
	for i, v := range x {
		if !dt.IsFloat() {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				v = 0
			}
			v = math.Max(math.Min(math.Round(v), 100), -100)
			if !dt.IsSigned() {
				v = math.Abs(v)
			}
		}
		bits := uint64(0)
		switch dt {
		case Float16:
			bits = uint64(ToF16(float32(v)))
		case BFloat16:
			bits = uint64(ToBF16(float32(v)))
		case Float32:
			bits = uint64(math.Float32bits(float32(v)))
		case Float64:
			bits = math.Float64bits(v)
		default:
			bits = uint64(int64(v))
		}
		for j := 0; j < dt.Size(); j++ {
			raw[i*dt.Size()+j] = byte(bits >> (8 * j))
		}
	}
	must(0, writeRaw(b, raw))
	if len(shape) > 1 {
		must(0, b.Reshape(shape...))
	}
	return b
}

// TestCUDABufferViewOnDevice computes views and statistics of large buffers of every
// dtype on the CUDA device and on the host (the same buffer read back), and requires the
// same result; it logs the time of each.
func TestCUDABufferViewOnDevice(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	d := Dev(0)
	cases := []struct {
		dt    DType
		shape []int
	}{
		{Float32, []int{1 << 20}}, {Float32, []int{1000, 1500}}, {Float64, []int{100003}}, {Float16, []int{3000, 70}},
		{BFloat16, []int{50000}}, {Int8, []int{4097}}, {Int16, []int{30, 40, 50}}, {Int32, []int{70001}},
		{Int64, []int{2, 30000}}, {Uint8, []int{5000}}, {Uint16, []int{5000}}, {Uint32, []int{5000}}, {Uint64, []int{300, 300}},
	}
	for _, c := range cases {
		n := 1
		for _, x := range c.shape {
			n *= x
		}
		b := cudaTestBuffer(t, d, c.dt, statsTestValues(n, int64(n)), c.shape)
		before := deviceStatsRuns.Load()
		start := time.Now()
		got, err := b.View()
		onDev := time.Since(start)
		if err != nil {
			t.Errorf("%s %v: view on the device: %v", c.dt, c.shape, err)
			continue
		}
		if deviceStatsRuns.Load() == before {
			deviceStatsErr.mu.Lock()
			t.Errorf("%s %v: the view was not computed on the device: %v", c.dt, c.shape, deviceStatsErr.err)
			deviceStatsErr.mu.Unlock()
		}
		gotStats := must(b.Stats())
		deviceStats = false
		start = time.Now()
		want, err := b.View()
		onHost := time.Since(start)
		wantStats, err2 := b.Stats()
		deviceStats = true
		if err != nil || err2 != nil {
			t.Fatalf("%s %v: on the host: %v %v", c.dt, c.shape, err, err2)
		}
		if diff := compareViews(want, got, 1e-9); diff != "" {
			t.Errorf("%s %v: device and host views differ: %s", c.dt, c.shape, diff)
		}
		if diff := compareViews(display.BufferView{Stats: wantStats.display(), Envelope: &display.Envelope{}}, display.BufferView{Stats: gotStats.display(), Envelope: &display.Envelope{}}, 1e-9); diff != "" {
			t.Errorf("%s %v: device and host Stats differ: %s", c.dt, c.shape, diff)
		}
		t.Logf("%-8s %-14v view on the device %v, on the host %v; stats %+v", c.dt, c.shape, onDev.Round(time.Microsecond), onHost.Round(time.Microsecond), got.Stats)
	}
}

// BenchmarkCUDARenderBuffer renders a 256 MiB float32 buffer of the CUDA device (1-D: a
// line plot; 8192 x 8192: a heatmap), its statistics computed on the device; "bytes" is
// the size of the bundle as JSON (target: under 150 ms and 200 KB). The host/ variants
// read the buffer back and reduce it on the host instead, for comparison.
func BenchmarkCUDARenderBuffer(b *testing.B) {
	defer catch(b)
	useCUDA(b)
	d := Dev(0)
	const n = 64 << 20 // 256 MiB of float32
	x := must(d.Alloc(Float32, n))
	k := must(DefineGo(`
func ramp(t gpu.Thread, x []float32) {
	for i := t.GlobalX(); i < len(x); i += t.StrideX() {
		x[i] = float32(math.Sin(float64(i) / 1e6)) + float32(i%1000)/1000
	}
}`, "bench-render", 1))
	must(0, k[0].Launch(d, d.SMs()*8, 256, x))
	m := must(x.Slice(0, n))
	must(0, m.Reshape(8192, 8192))
	for _, c := range []struct {
		name   string
		buf    *Buffer
		device bool
	}{{"1d", x, true}, {"2d", m, true}, {"host/1d", x, false}, {"host/2d", m, false}} {
		b.Run(c.name, func(b *testing.B) {
			deviceStats = c.device
			defer func() { deviceStats = true }()
			size := 0
			for i := 0; i < b.N; i++ {
				bundle := c.buf.MIMEBundle()
				raw, err := json.Marshal(bundle.Data)
				if err != nil {
					b.Fatal(err)
				}
				size = len(raw)
				if _, ok := bundle.Data["text/plain"]; !ok {
					b.Fatalf("no text/plain: %v", bundle.Data)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/render")
			b.ReportMetric(float64(size), "bytes")
			// The breakdown of one more render: the reduction (View: statistics and the
			// envelope or grid), then the whole bundle, whose rest is drawing and encoding.
			runs := deviceStatsRuns.Load()
			start := time.Now()
			if _, err := c.buf.View(); err != nil {
				b.Fatal(err)
			}
			view := time.Since(start)
			onDev := deviceStatsRuns.Load() > runs
			start = time.Now()
			c.buf.MIMEBundle()
			whole := time.Since(start)
			why := ""
			if c.device && !onDev {
				deviceStatsErr.mu.Lock()
				why = fmt.Sprintf(" (device path failed: %v)", deviceStatsErr.err)
				deviceStatsErr.mu.Unlock()
			}
			b.Logf("BREAKDOWN %s: view %v (on the device: %v%s), whole bundle %v, so drawing and encoding %v",
				c.name, view.Round(time.Microsecond), onDev, why, whole.Round(time.Microsecond), (whole - view).Round(time.Microsecond))
		})
	}
}
