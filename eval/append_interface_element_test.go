package eval

import "testing"

// Patch 244: an element appended to a slice of interfaces was read after the calls of
// append's other arguments: `append(v, [2]int{s[0], 1}, g())` with g changing s[0]
// appended [1 1] where gc, which copies a composite literal to convert it where it
// stands (patch 243), appends [5 1] (issue 29). The expected output is go run's.
func TestAppendInterfaceElement(t *testing.T) {
	checkCorpusProgramBare(t, "smith_append_interface_element")
	checkCorpusProgram(t, "smith_append_interface_element")
}
