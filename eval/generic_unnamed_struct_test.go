package eval

import "testing"

// The rewrite gives the cell's struct types a json:"-" tag on unexported fields (yaegi
// exports their names); the struct types it wrote itself from go/types (a type argument
// of _pb_assert, a function literal's parameters) lacked it, so x.(struct{ a, b T }) in
// a generic function failed for the caller's struct{ a, b int } (typeparam/dottype.go of
// Go's test suite, issue 29). The expected output is go run's.
func TestGenericUnnamedStructAssertion(t *testing.T) {
	checkCorpusProgram(t, "generic_unnamed_struct_assert")
}
