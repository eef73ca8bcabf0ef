package eval

import (
	"os"
	"testing"
)

// Patch 119: a case condition folded to a constant (!true, 1 > 2) ran nothing, so the
// switch went on to its body whatever the constant, and such a constant as an operand
// of || skipped the other operand (`case !true || x > 0:` matched nothing). It now
// branches on its value as a name does. The expected output is go run's.
func TestConstantCaseConditions(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_constant_case_conditions.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_constant_case_conditions.out")
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
