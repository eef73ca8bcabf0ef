package eval

import "testing"

// A range over a pointer to an array evaluates the pointer once, before the loop, as Go
// does (Go's test range.go): the rewriter (eval/internal/rewrite/loops.go,
// rangeArrayPointer) read it again for each element, so a call in it ran at every
// iteration, and an assignment to the variable in the body changed the array ranged
// over. Without an iteration value it is evaluated only when it holds a call or a
// receive. Expected output from go run.
func TestRangeOverArrayPointerEvaluatesItOnce(t *testing.T) {
	got := cellStdout(t, `import "fmt"

var calls int

func arr() *[3]int {
	calls++
	return &[3]int{1, 2, 3}
}

func main() {
	s := 0
	for _, v := range arr() {
		s += v
	}
	fmt.Println("value", calls, s)
	for i := range arr() {
		s += i
	}
	fmt.Println("key", calls, s)
	var nilp *[4]int
	n := 0
	for i := range nilp {
		n += i
	}
	fmt.Println("nil, key only", n)
	p := &[3]int{4, 5, 6}
	for i, v := range p {
		if i == 0 {
			p = &[3]int{7, 8, 9}
		}
		s += v
	}
	fmt.Println("reassigned", s, p[0])
	var k, v int
	for k, v = range arr() {
		s += k + v
	}
	fmt.Println("assign", calls, k, v, s)
}`)
	want := `value 1 6
key 2 9
nil, key only 6
reassigned 24 7
assign 3 2 3 33
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
