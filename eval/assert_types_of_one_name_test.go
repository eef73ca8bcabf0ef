package eval

import (
	"os"
	"testing"
)

// A failed assertion x.(T) where x holds another type named T (declared in another
// function) panics, as with gc, with the runtime's "(types from different scopes)"
// (fixedbugs/issue26094.go of Go's test suite checks the words, issue 29). The
// expected output is go run's.
func TestAssertTypesOfOneNameMessage(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/assert_types_of_one_name.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/assert_types_of_one_name.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
