package eval

import (
	"testing"
	"time"
)

// Yaegi patch 174: the functions a session made before a cell was interrupted (or ended by
// a stack overflow) run as before in the cells after it. A stop left the values of function
// literals, method values and functions handed to compiled code in the stopped run: called
// afterwards they returned their zero results without running, a silent wrong answer
// (inc(1) gave 0), and a channel operation that had to wait in such a function gave up at
// once, its frame taking the stopped run's signal to stop.
func TestFunctionsMadeBeforeAStopStillRun(t *testing.T) {
	s := newSession(t)
	s.SetCallStackLimit(1 << 20)
	mustExec(t, s, `import (
	"fmt"
	"sort"
)

type counter struct{ n int }

func (c *counter) add(k int) int { c.n += k; return c.n }

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}

func (c *counter) recv(ch chan int) int { return <-ch + c.n*0 }

var inc func(int) int
var add func(int) int
var recv func(chan int) int
var methodRecv func(chan int) int
var less func(i, j int) bool
var xs = []int{3, 1, 2}`)
	mustExec(t, s, `inc = func(n int) int { return n + 1 }
c := &counter{}
add = c.add
less = func(i, j int) bool { return xs[i] < xs[j] }
recv = func(ch chan int) int { return <-ch }
methodRecv = c.recv`)
	check := func(when string) {
		t.Helper()
		_, rec := mustExec(t, s, `defer func() { fmt.Println("deferred", inc(0)) }()
sort.Slice(xs, less)
fmt.Println(inc(1), add(2), xs, func() int { return inc(41) }())
ch := make(chan int)
go func() { ch <- 7; ch <- 8 }()
fmt.Println(recv(ch), methodRecv(ch))`)
		if got := rec.stream("stdout"); got != "2 "+map[string]string{"before": "2", "after an interrupt": "4", "after a stack overflow": "6"}[when]+" [1 2 3] 42\n7 8\ndeferred 1\n" {
			t.Errorf("%s: printed %q", when, got)
		}
		mustExec(t, s, "xs = []int{3, 1, 2}") // unsorted again for the next round
	}
	check("before")
	interruptAfter(t, s, "select {}", 20*time.Millisecond)
	check("after an interrupt")
	if _, e, _ := run(t, s, "depth(100000)"); e == nil || e.Name != NameStackOverflow {
		t.Fatalf("depth(100000): %+v, want a %s", e, NameStackOverflow)
	}
	check("after a stack overflow")
}
