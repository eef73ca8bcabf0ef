package eval

import (
	"os"
	"testing"
)

// Patch 135: string([]MyByte) and []MyRune(s), for defined byte and rune types, were
// refused ("cannot convert expression of type []main.MyByte to type string"): reflect
// converts only slices of unnamed byte and rune types (typeparam/issue23536.go of Go's
// test suite, issue 29). The expected output is go run's.
func TestNamedByteSliceStringConversions(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/named_byte_slice_string.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/named_byte_slice_string.out")
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
