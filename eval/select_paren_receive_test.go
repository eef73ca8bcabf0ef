package eval

import (
	"strings"
	"testing"
)

// parenReceiveSrc receives in parentheses: in select clauses (one value, two, and none
// kept), and in the two-value forms of a receive, a map index, a type assertion and a
// call, each in an assignment and a var declaration. Expected output from go run
// (corpus program paren_receive_comma_ok).
const parenReceiveSrc = `package main

import "fmt"

func two() (int, string) { return 4, "four" }

func main() {
	ch := make(chan int, 8)
	for i := 1; i <= 5; i++ {
		ch <- i * 10
	}
	select {
	case u := (<-ch):
		fmt.Println("u", u)
	}
	var w int
	select {
	case w = (<-ch):
	}
	fmt.Println("w", w)
	select {
	case (<-ch):
		fmt.Println("dropped one")
	}
	select {
	case z, ok := ((<-ch)):
		fmt.Println("z", z, ok)
	}
	var y int
	var ok2 bool
	select {
	case y, ok2 = (<-ch):
	}
	fmt.Println("y", y, ok2, len(ch))
	ch <- 60
	close(ch)
	x, ok := (<-ch)
	fmt.Println(x, ok)
	var x2, ok3 = (<-ch)
	fmt.Println(x2, ok3)
	m := map[string]int{"a": 1}
	v, found := (m["a"])
	var v2, found2 = (m["b"])
	fmt.Println(v, found, v2, found2)
	var i any = "s"
	s, isStr := (i.(string))
	var n2, isInt = (i.(int))
	fmt.Println(s, isStr, n2, isInt)
	n, name := (two())
	fmt.Println(n, name)
}
`

// Patch 98: a receive in parentheses in a select clause is the clause's receive (it
// ran as a second receive of its own and stored nothing: "u 0" for "u 10"), and the
// two-value forms in parentheses are accepted (they were refused with "unsupported
// assign expression": Go's test chan/select3.go).
func TestSelectParenthesizedReceive(t *testing.T) {
	want := "u 10\nw 20\ndropped one\nz 40 true\ny 50 true 0\n60 true\n0 false\n1 true 0 false\ns true 0 false\n4 four\n"
	if got := yaegiStdout(t, parenReceiveSrc); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(parenReceiveSrc, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}
