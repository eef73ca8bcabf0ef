package eval

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkCellAfterPriorCells measures a trivial cell and a cell defining a variable in
// a session that has run 10, 1,000 and 10,000 cells, each defining a variable: the cost of
// a cell must not grow with the session's age.
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
		s.Close()
	}
}
