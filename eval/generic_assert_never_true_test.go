package eval

import (
	"os"
	"testing"
)

// Patch 133: yaegi checked the type assertions of each instance of a generic function
// at compile time, and refused x.(A) with A = string for an x whose interface has
// methods ("impossible type assertion"); Go checks the generic function once, and the
// instance's assertion fails when it runs (typeparam/issue50002.go, issue51700.go and
// issue52228.go of Go's test suite, issue 29). The expected output is go run's.
func TestGenericAssertionImpossibleInInstance(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/generic_assert_never_true.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/generic_assert_never_true.out")
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
