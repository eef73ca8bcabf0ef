package display

import (
	"math"
	"math/rand"
	"runtime"
	"sync"
	"testing"
)

// reduceInChunks reduces values of shape with workers goroutines over random chunks.
func reduceInChunks(t testing.TB, values []float64, shape []int, workers int, rng *rand.Rand) BufferView {
	t.Helper()
	type chunk struct{ off, end int }
	var chunks []chunk
	for off := 0; off < len(values); {
		end := min(len(values), off+1+rng.Intn(5000))
		chunks = append(chunks, chunk{off, end})
		off = end
	}
	parts := make([]*Reduction, workers)
	var wg sync.WaitGroup
	for w := range parts {
		r, err := NewReduction(shape)
		if err != nil {
			t.Fatal(err)
		}
		parts[w] = r
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(chunks); i += workers {
				if err := r.Add(int64(chunks[i].off), values[chunks[i].off:chunks[i].end]); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	for _, p := range parts[1:] {
		if err := parts[0].Merge(p); err != nil {
			t.Fatal(err)
		}
	}
	var v BufferView
	parts[0].Fill(&v)
	return v
}

func closeTo(a, b float64) bool {
	return sameFloat(a, b) || math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func TestReductionMatchesDirectComputation(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, shape := range [][]int{{700}, {100000}, {333, 777}, {5, 3, 4001}, {3000, 2}, {20, 20}} {
		n := 1
		for _, d := range shape {
			n *= d
		}
		values := make([]float64, n)
		for i := range values {
			values[i] = rng.NormFloat64() * 10
		}
		values[n/3] = math.NaN()
		values[n/2] = math.Inf(-1)
		for i := n / 5; i < n/5+n/50; i++ {
			values[i] = math.NaN()
		}
		v := reduceInChunks(t, values, shape, 3, rng)
		want := ComputeStats(values)
		s := v.Stats
		if s.Count != want.Count || s.NaN != want.NaN || s.Inf != want.Inf || s.Min != want.Min || s.Max != want.Max ||
			!closeTo(s.Mean, want.Mean) || !closeTo(s.Std, want.Std) {
			t.Errorf("shape %v: stats %+v, want %+v", shape, s, want)
		}
		switch {
		case n <= MaxTableValues:
			for i := range values {
				if !sameFloat(v.Values[i], values[i]) {
					t.Fatalf("shape %v: value %d = %v, want %v", shape, i, v.Values[i], values[i])
				}
			}
		case len(shape) == 1:
			e := EnvelopeOf(values, EnvelopeBins)
			for k := range e.Mean {
				if !closeTo(v.Envelope.Min[k], e.Min[k]) || !closeTo(v.Envelope.Max[k], e.Max[k]) || !closeTo(v.Envelope.Mean[k], e.Mean[k]) {
					t.Fatalf("shape %v: bin %d differs", shape, k)
				}
			}
		default:
			cols := shape[len(shape)-1]
			g := GridOf(values, n/cols, cols, GridSize, GridSize)
			if v.Grid.Rows != g.Rows || v.Grid.Cols != g.Cols {
				t.Fatalf("shape %v: grid %dx%d, want %dx%d", shape, v.Grid.Rows, v.Grid.Cols, g.Rows, g.Cols)
			}
			for k := range g.Values {
				if !closeTo(v.Grid.Values[k], g.Values[k]) {
					t.Fatalf("shape %v: cell %d = %v, want %v", shape, k, v.Grid.Values[k], g.Values[k])
				}
			}
		}
	}
}

func TestReductionErrors(t *testing.T) {
	if _, err := NewReduction([]int{3, -1}); err == nil {
		t.Errorf("negative dimension accepted")
	}
	r, _ := NewReduction([]int{10})
	if err := r.Add(8, make([]float64, 3)); err == nil {
		t.Errorf("chunk past the end accepted")
	}
	o, _ := NewReduction([]int{11})
	if err := r.Merge(o); err == nil {
		t.Errorf("merge of different shapes accepted")
	}
	// Elements never added are missing, not zero.
	r.Add(0, []float64{1, 2})
	var v BufferView
	r.Fill(&v)
	if v.Stats.Count != 10 || v.Values[1] != 2 || !math.IsNaN(v.Values[5]) {
		t.Errorf("partial fill = %+v", v)
	}
}

func TestArray(t *testing.T) {
	v := Array([]float64{1, 2, 3, 4, 5, 6}, 2, 3)
	if v.Shape[0] != 2 || v.Shape[1] != 3 || v.Stats.Max != 6 || len(v.Values) != 6 {
		t.Errorf("Array = %+v", v)
	}
	if w := Array([]float64{1, 2, 3}, 2, 2); len(w.Shape) != 1 || w.Shape[0] != 3 {
		t.Errorf("mismatched shape kept: %v", w.Shape)
	}
	big := make([]float64, 100000)
	if b := Array(big).MIMEBundle(); b.Data[MIMESVG] == nil {
		t.Errorf("a large array drew no plot")
	}
}

// BenchmarkReduce256MiB reduces a 256 MiB float32 buffer (64 Mi elements) on the host, as
// the simulator does, in chunks converted to float64, one goroutine a CPU.
func BenchmarkReduce256MiB(b *testing.B) {
	if testing.Short() {
		b.Skip("256 MiB buffer")
	}
	const n = 64 << 20
	data := make([]float32, n)
	rng := rand.New(rand.NewSource(1))
	for i := range data {
		data[i] = float32(rng.NormFloat64())
	}
	for _, shape := range [][]int{{n}, {8192, 8192}} {
		name := "1d"
		if len(shape) == 2 {
			name = "2d"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(4 * n)
			for i := 0; i < b.N; i++ {
				v := reduceFloat32Parallel(b, data, shape)
				v.MIMEBundle()
			}
		})
	}
}

// reduceFloat32Parallel is how a caller reduces host float32 data.
func reduceFloat32Parallel(t testing.TB, data []float32, shape []int) BufferView {
	workers := max(1, runtimeCPUs())
	const chunk = 1 << 16
	parts := make([]*Reduction, workers)
	var wg sync.WaitGroup
	for w := range parts {
		parts[w], _ = NewReduction(shape)
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]float64, chunk)
			for off := w * chunk; off < len(data); off += workers * chunk {
				end := min(len(data), off+chunk)
				for i, x := range data[off:end] {
					buf[i] = float64(x)
				}
				parts[w].Add(int64(off), buf[:end-off])
			}
		}()
	}
	wg.Wait()
	for _, p := range parts[1:] {
		parts[0].Merge(p)
	}
	v := BufferView{DType: "float32", Shape: shape}
	parts[0].Fill(&v)
	return v
}

func runtimeCPUs() int { return runtime.GOMAXPROCS(0) }

func BenchmarkReductionAdd(b *testing.B) {
	vals := make([]float64, 1<<16)
	for i := range vals {
		vals[i] = float64(i%1000) - 500
	}
	for _, shape := range [][]int{{1 << 30}, {1 << 15, 1 << 15}} {
		r, _ := NewReduction(shape)
		b.Run(fmtShape(shape), func(b *testing.B) {
			b.SetBytes(8 << 16)
			for i := 0; i < b.N; i++ {
				r.Add(int64(i%1000)<<16, vals)
			}
		})
	}
}

func fmtShape(s []int) string {
	if len(s) == 1 {
		return "1d"
	}
	return "2d"
}
