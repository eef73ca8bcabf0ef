package eval

import "testing"

// Patch 243: a value converted to an interface among a statement's operands was read
// after the statement's calls: `h([2]int{s[0], 1}, g())` with h taking an any and g
// changing s[0] passed the new element, where gc copies a value that the conversion
// takes by its address and that is not addressable (a composite literal, a conversion,
// an operation, a map element) where it stands among the calls (issue 29, found beside
// gosmith seed 9398). Variables, elements of slices and words are still read after the
// calls. The expected output is go run's.
func TestInterfaceConversionInPlace(t *testing.T) {
	checkCorpusProgramBare(t, "smith_interface_conversion_in_place")
	checkCorpusProgram(t, "smith_interface_conversion_in_place")
}
