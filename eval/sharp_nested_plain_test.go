package eval

import (
	"os"
	"testing"
)

// %#v of a cell value printed a plain value nested in it as fmt prints it alone: a byte
// slice field as []byte{0x1} and a nil error field as <nil>, where Go names a nested
// value by its reflect type, []uint8{0x1} and error(nil) (found by the random programs,
// issue 29). The expected output is go run's.
func TestSharpVNestedPlainValues(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_sharp_nested_plain.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_sharp_nested_plain.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
