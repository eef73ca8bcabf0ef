package eval

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// snapshotCells are 20 cells of a session: a type, a method, a function and two variables
// (one changed after its definition) each.
func snapshotCells() []string {
	var cells []string
	for i := 0; i < 20; i++ {
		cells = append(cells, fmt.Sprintf(`type P%[1]d struct{ X, Y int; Tags []string }
func (p P%[1]d) Sum() int { return p.X + p.Y }
func f%[1]d(n int) int { return n * %[1]d }
v%[1]d := []P%[1]d{{X: %[1]d, Tags: []string{"a", "b"}}}
n%[1]d := %[1]d
n%[1]d++`, i))
	}
	return cells
}

// BenchmarkSnapshotRestore measures moving a session of 20 cells to a new one: the
// snapshot of the old session plus the replay of its chunks (one execute each, as the
// kernel does), against the reference of running the 20 cells again from history.
func BenchmarkSnapshotRestore(b *testing.B) {
	cells := snapshotCells()
	old := newSession(b)
	for _, c := range cells {
		mustExec(b, old, c)
	}
	b.Run("snapshot", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			old.Snapshot()
		}
	})
	snap := old.Snapshot()
	b.Run("replay-snapshot", func(b *testing.B) {
		b.ReportMetric(float64(len(snap.Chunks)), "chunks")
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			s := newSession(b)
			b.StartTimer()
			for _, c := range snap.Chunks {
				if _, err := s.Execute(context.Background(), ExecuteRequest{Code: c.Source, Silent: true, ExecutionCount: c.Cell}, &recorder{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("replay-one-cell", func(b *testing.B) {
		var all []string
		for _, c := range snap.Chunks {
			all = append(all, strings.TrimLeft(c.Source, "\n "))
		}
		code := strings.Join(all, "\n")
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			s := newSession(b)
			b.StartTimer()
			if _, err := s.Execute(context.Background(), ExecuteRequest{Code: code, Silent: true}, &recorder{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("rerun-cells", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			s := newSession(b)
			b.StartTimer()
			for _, c := range cells {
				if _, err := s.Execute(context.Background(), ExecuteRequest{Code: c}, &recorder{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
