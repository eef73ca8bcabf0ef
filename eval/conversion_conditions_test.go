package eval

import (
	"os"
	"testing"
)

// Patch 123: a conversion to a bool type used as a condition ran without branching: `if
// N1(b) {}` took its body whatever b, and `N1(b) || f()` went on to the || without
// evaluating f() (false). It branches on the converted value now. Cells only: in the bare
// interpreter a type assertion as a condition (if i.(bool) {}) has the same fault, which
// cells do not reach (the rewrite asserts with rt). The expected output is go run's.
func TestConversionConditions(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_conversion_conditions.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_conversion_conditions.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
