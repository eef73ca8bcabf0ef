package eval

import (
	"os"
	"testing"
)

// Patch 112: an assignment whose destination has a call in it (`s[f()] = g()`,
// `p.x[f()] = g()`, `m[k()][i()] = v()`) evaluated the whole destination before the
// values: the index panicked "out of range" before g ran, where Go calls f, then g,
// then indexes (the most frequent silent class of the random programs after patch
// 110). The calls and receives of such a destination now run before the values, the
// rest of it after them. The expected output is go run's.
func TestAssignmentDestinationCallsBeforeValues(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_dest_calls_order.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_dest_calls_order.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := yaegiStdout(t, string(src)); got != string(want) {
		t.Errorf("bare interpreter: got\n%s\nwant (go run)\n%s", got, want)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
