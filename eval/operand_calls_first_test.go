package eval

import (
	"os"
	"testing"
)

// Patch 114: the operands of an operator and the arguments of a call were evaluated in
// the order of the source: `fmt.Println(s[0], f())` and `s[0] + f()` with s empty
// panicked on the index before f ran, where gc calls f first, then indexes (found by
// the random programs, issue 29). The calls and receives among them now run first, the
// rest after. The expected output is go run's.
func TestOperandCallsFirst(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_operand_calls_first.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_operand_calls_first.out")
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
