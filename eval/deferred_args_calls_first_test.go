package eval

import (
	"os"
	"testing"
)

// Patch 117: the arguments of a deferred call and of a go statement were evaluated in
// the order of the source: `defer g(s[0], f())` with s empty panicked before f ran,
// where gc calls f first. The interpreter wires them calls first (patch 114 no longer
// leaves out calls under defer and go), and the rewrite, which binds the arguments to
// variables before the statement, binds them in one assignment (patch 115 orders its
// values). The expected output is go run's.
func TestDeferredArgumentsCallsFirst(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_deferred_args_calls_first.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_deferred_args_calls_first.out")
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
