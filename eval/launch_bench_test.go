package eval

import (
	"fmt"
	"strconv"
	"testing"
)

// BenchmarkCUDACellLaunch is issue 4's "empty-kernel launch from a cell's API call": a cell
// launches an empty kernel n times on a stream through yaegi, then waits for the stream,
// and reports the time per launch (us/launch), the measurement gpu/internal/cuda/bench/launch.cu
// makes in CUDA C (n launches on a stream, one wait at the end). On a machine without a
// CUDA device it says SKIP and why; gpu/internal/cuda/bench/run.sh runs it beside the C reference,
// with the launches queued (the default: the backend's own thread makes them while yaegi
// interprets the loop) and made on the cell's thread (PEERBOOK_CUDA_LAUNCH=direct).
//
//	./eval.test -test.run '^$' -test.bench CUDACellLaunch
func BenchmarkCUDACellLaunch(b *testing.B) {
	s := newSession(b)
	if got, _ := mustExec(b, s, `import "peerbook/gpu"
gpu.Use("cuda") == nil`); got != "true" {
		b.Skip("no CUDA device here (gpu.Use(\"cuda\") failed): the launch benchmark needs one")
	}
	mustExec(b, s, "%%cuda\nextern \"C\" __global__ void empty() {}")
	mustExec(b, s, `import "time"
d := gpu.Dev(0)
stream, _ := d.NewStream()
k := empty.With(gpu.OnStream(stream))
func launches(n int) float64 {
	start := time.Now()
	for i := 0; i < n; i++ {
		if err := k.Launch(d, 1, 1); err != nil {
			panic(err)
		}
	}
	if err := stream.Synchronize(); err != nil {
		panic(err)
	}
	return float64(time.Since(start).Nanoseconds()) / float64(n) / 1e3
}
launches(1000)`)
	const perRun = 20000
	var us []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		got, _ := mustExec(b, s, fmt.Sprintf("launches(%d)", perRun))
		v, err := strconv.ParseFloat(got, 64)
		if err != nil {
			b.Fatalf("launches: %q", got)
		}
		us = append(us, v)
	}
	b.StopTimer()
	best := us[0]
	for _, v := range us {
		best = min(best, v)
	}
	b.ReportMetric(median(us), "us/launch")
	b.ReportMetric(best, "best-us/launch")
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
