package eval

import "testing"

// A failed assertion of an empty interface, in a generic function, to a type made of
// its type parameters named the parameters (`not []T` for Go's `not []main.N1`, random
// program seed 3045): the rewrite wrote the message from the static type. yaegi's own
// assertion, which names the instance's type, is kept for those. The expected output is
// go run's.
func TestGenericCompositeAssertMessage(t *testing.T) {
	checkCorpusProgram(t, "smith_generic_composite_assert_message")
}
