package eval

import "testing"

// Patch 131: any(v), for a v whose type has methods declared in the interpreter, held
// the bare value, so any(v).(I) failed for an I that v implements (the rewrite of an
// assertion in a generic function makes such conversions: typeparam/genembed.go of Go's
// test suite, issue 29). The expected output is go run's.
func TestAnyConversionKeepsMethods(t *testing.T) {
	checkCorpusProgramBare(t, "any_conversion_keeps_methods")
	checkCorpusProgram(t, "any_conversion_keeps_methods")
}
