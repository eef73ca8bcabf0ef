package eval

import "testing"

// Patch 138: a deferred call in an instance of a generic function (compiled at its
// first call) of a function declared further on did nothing: the function's wrapper
// read the start of its body when it was made, before the function was compiled. A
// recover() there never ran (typeparam/issue51521.go of Go's test suite, issue 29), and
// without a panic the call was silently skipped. The expected output is go run's.
func TestGenericInstanceDefersLaterFunction(t *testing.T) {
	checkCorpusProgramBare(t, "generic_defer_later_func")
	checkCorpusProgram(t, "generic_defer_later_func")
}
