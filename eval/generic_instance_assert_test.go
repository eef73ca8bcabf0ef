package eval

import (
	"os"
	"testing"
)

// The rewrite of an assertion to an interface declared in the session tries the
// session's types one by one; it left out the instances of generic types, so a
// *A[string] held in an any failed x.(getter[string]) in a cell (typeparam/genembed.go
// of Go's test suite, issue 29). The instances the cell uses are tried too. The
// expected output is go run's.
func TestGenericInstanceAssertedToSessionInterface(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/generic_instance_in_session_iface.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/generic_instance_in_session_iface.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
