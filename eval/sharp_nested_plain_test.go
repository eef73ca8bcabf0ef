package eval

import "testing"

// %#v of a cell value printed a plain value nested in it as fmt prints it alone: a byte
// slice field as []byte{0x1} and a nil error field as <nil>, where Go names a nested
// value by its reflect type, []uint8{0x1} and error(nil) (found by the random programs,
// issue 29). The expected output is go run's.
func TestSharpVNestedPlainValues(t *testing.T) {
	checkCorpusProgram(t, "smith_sharp_nested_plain")
}
