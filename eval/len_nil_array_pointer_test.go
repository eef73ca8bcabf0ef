package eval

import (
	"os"
	"testing"
)

// Patch 137: len of a pointer to an array dereferenced it, so len of a nil *[4]byte
// panicked ("reflect: call of reflect.Value.Len on zero Value") where Go gives 4: in
// generic code, where the length is not a constant (typeparam/issue49295.go of Go's
// test suite, issue 29). The expected output is go run's.
func TestLenOfNilArrayPointer(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/len_nil_array_pointer.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/len_nil_array_pointer.out")
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
