package eval

import "testing"

// A failed assertion to an interface with several methods names, as the runtime does,
// the first method in the runtime's order (exported names first, then by name) that
// the dynamic type lacks or has with another signature: the rewrite named the
// interface's first method whatever the type had ("missing method M1" for Go's "M2",
// random program seed 1288). Session types, types declared in the function, pointer
// receivers, a compiled type and a literal interface; the expected output is go run's.
func TestAssertNamesTheMissingMethod(t *testing.T) {
	checkCorpusProgram(t, "smith_assert_missing_method")
}
