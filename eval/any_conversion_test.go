package eval

import (
	"os"
	"testing"
)

// Patch 131: any(v), for a v whose type has methods declared in the interpreter, held
// the bare value, so any(v).(I) failed for an I that v implements (the rewrite of an
// assertion in a generic function makes such conversions: typeparam/genembed.go of Go's
// test suite, issue 29). The expected output is go run's.
func TestAnyConversionKeepsMethods(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/any_conversion_keeps_methods.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/any_conversion_keeps_methods.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := yaegiStdout(t, string(src)); got != string(want) {
		t.Errorf("bare interpreter: got\n%s\nwant (go run)\n%s", got, want)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
