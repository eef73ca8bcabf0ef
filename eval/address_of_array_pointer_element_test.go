package eval

import "testing"

// Patch 157: the address of an element of an array through a pointer (`&p[0]` with p a
// *[8]byte, Go's tests convert4.go and nilptr2.go) was refused at compile time
// ("invalid operation: cannot take address of uint8 [kind: indexExpr]"). The expected
// output is go run's.
func TestAddressOfArrayPointerElement(t *testing.T) {
	checkCorpusProgramBare(t, "address_of_array_pointer_element")
	checkCorpusProgram(t, "address_of_array_pointer_element")
}
