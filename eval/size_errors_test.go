package eval

import "testing"

// Yaegi patch 95: append past the largest length and make of a length too large to
// allocate panic with Go's runtime errors ("growslice: len out of range", "makeslice:
// len out of range"), runtime.Error values: append panicked with reflect's string
// "reflect.Value.Grow: slice overflow" (not an error: Go's test fixedbugs/issue29190.go
// asserted it to error and failed), make with "runtime: allocation size out of range".
//
// The program: eval/testdata/corpus/append_make_size_errors.go.
func TestAppendAndMakeTooLargeRuntimeErrors(t *testing.T) {
	checkCorpusProgram(t, "append_make_size_errors")
}
