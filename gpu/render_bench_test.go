package gpu

import (
	"encoding/json"
	"math"
	"testing"
)

// BenchmarkSimRenderBuffer256MiB renders a 256 MiB float32 buffer of a simulated device as a
// cell's value (statistics, downsampling, drawing, encoding), 1-D and as a 8192x8192 picture.
// Target (issue 7): under 150 ms, output under 200 KB.
func BenchmarkSimRenderBuffer256MiB(b *testing.B) {
	if err := Use("sim:1"); err != nil {
		b.Fatal(err)
	}
	const n = 64 << 20
	buf, err := Dev(0).Alloc(Float32, n)
	if err != nil {
		b.Fatal(err)
	}
	defer buf.Free()
	vals := make([]float32, 1<<20)
	for i := range vals {
		vals[i] = float32(math.Sin(float64(i) / 5000))
	}
	for off := 0; off < n; off += len(vals) {
		if err := buf.WriteAt(off, vals); err != nil {
			b.Fatal(err)
		}
	}
	for _, shape := range []struct {
		name string
		dims []int
	}{{"1d", []int{n}}, {"2d", []int{8192, 8192}}} {
		b.Run(shape.name, func(b *testing.B) {
			if err := buf.Reshape(shape.dims...); err != nil {
				b.Fatal(err)
			}
			size := 0
			for i := 0; i < b.N; i++ {
				data, err := json.Marshal(buf.MIMEBundle())
				if err != nil {
					b.Fatal(err)
				}
				size = len(data)
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/render")
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// Large host-addressable buffers are reduced in parallel parts: the statistics must equal
// a direct computation, for sizes that don't split evenly.
func TestParallelStatsMatchDirect(t *testing.T) {
	if err := Use("sim:1"); err != nil {
		t.Fatal(err)
	}
	n := 3*parallelReduceMin + 7
	vals := make([]float32, n)
	sum, lo, hi := 0.0, math.Inf(1), math.Inf(-1)
	for i := range vals {
		v := float32(math.Sin(float64(i)/777) * 100)
		if i == n-1 {
			v = 1000 // the maximum sits in the last, short part
		}
		vals[i] = v
		sum += float64(v)
		lo, hi = math.Min(lo, float64(v)), math.Max(hi, float64(v))
	}
	buf, err := Dev(0).AllocFrom(vals)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Free()
	st, err := buf.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Count != int64(n) || st.Min != lo || st.Max != hi || math.Abs(st.Mean-sum/float64(n)) > 1e-9 {
		t.Fatalf("stats %+v, want count %d min %v max %v mean %v", st, n, lo, hi, sum/float64(n))
	}
}
