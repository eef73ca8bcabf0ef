package eval

import "testing"

// A value converted to an interface by its address where it stands (an argument of an
// any parameter, an element of a []any literal: a composite literal or an operation of
// a type other than a string, a slice, or 2, 4 or 8 bytes without pointers) is copied
// there among the statement's calls, as gc does (yaegi patch 189): `g(T{k, k}, f())`
// with f changing k passed {10 10} for Go's {1 1}. The expected output is go run's
// (the same under -race), in a cell and on a bare interpreter.
func TestIfaceConversionCopyOrder(t *testing.T) {
	checkCorpusProgram(t, "iface_conversion_copy_order")
	checkCorpusProgramBare(t, "iface_conversion_copy_order")
}
