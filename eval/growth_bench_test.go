package eval

import (
	"context"
	"fmt"
	"runtime"
	"testing"
)

// BenchmarkCellAfterPriorCells measures a trivial cell and a cell defining a variable in
// a session that has run 10, 1,000 and 10,000 cells, each defining a variable, and a cell
// incrementing a variable with the live heap it leaves (live-B/cell): the cost of a cell
// must not grow with the session's age.
func BenchmarkCellAfterPriorCells(b *testing.B) {
	for _, prior := range []int{10, 1000, 10000} {
		s := newSession(b)
		ctx := context.Background()
		for i := 0; i < prior; i++ {
			if _, err := s.Execute(ctx, ExecuteRequest{Code: fmt.Sprintf("v%d := %d", i, i)}, discardOutput{}); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprintf("trivial/prior=%d", prior), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := s.Execute(ctx, ExecuteRequest{Code: "1 + 1"}, discardOutput{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("define/prior=%d", prior), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := s.Execute(ctx, ExecuteRequest{Code: fmt.Sprintf("w%d := %d", i, i)}, discardOutput{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("increment/prior=%d", prior), func(b *testing.B) {
			if _, err := s.Execute(ctx, ExecuteRequest{Code: "inc := 0"}, discardOutput{}); err != nil {
				b.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.Execute(ctx, ExecuteRequest{Code: "inc++"}, discardOutput{}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/float64(b.N), "live-B/cell")
		})
		s.Close()
	}
}
