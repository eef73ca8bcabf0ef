package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches and rewrites about select statements and channel receives
// (eval/third_party/yaegi/PATCHES.md): continue in a select case, a case sending a
// call's result, the variables of receive clauses (fresh per iteration, or assigned
// only when the case is chosen), and a receive storing into its destination in place.
// Expected outputs are what `go run` prints for the same programs.

// Patches 23 and 24: a continue in a select case inside a for loop. Ending a case, it left
// the select as if the case had ended (the loop broke after one round); inside an if, the
// code generation of the select recursed without end (fatal stack overflow). Bare
// interpreter: the session rewrites continue in a select to a goto.
func TestPatchSelectContinueInLoop(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	data := make(chan int, 10)
	quit := make(chan struct{})
	for i := 1; i <= 5; i++ {
		data <- i
	}
	sum, rounds := 0, 0
	for {
		rounds++
		select {
		case v := <-data:
			sum += v
			if v == 5 {
				close(quit)
			}
			continue
		case <-quit:
		}
		break
	}
	fmt.Println(sum, rounds)
	for i := 1; i <= 5; i++ {
		data <- i
	}
	close(data)
	odd := 0
	for {
		select {
		case v, ok := <-data:
			if ok {
				odd += v % 2
				continue
			}
		}
		break
	}
	fmt.Println(odd)
}`
	if got, want := yaegiStdout(t, src), "15 6\n3\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")), "15 6\n3\n"; got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 30: a select case sending the result of a call whose operands need code (a
// method value g.label, a compiled package function's arguments) evaluates them.
func TestPatchSelectSendCall(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
)

type gen struct{ prefix string }

func (g gen) label(i int) string { return fmt.Sprintf("%s%d", g.prefix, i) }

func main() {
	g := gen{"job-"}
	out := make(chan string, 4)
	words := []string{"a", "b"}
	for i := 0; i < 3; i++ {
		select {
		case out <- g.label(i):
		}
	}
	select {
	case out <- strings.Join(words, "+"):
	default:
		fmt.Println("full")
	}
	close(out)
	for s := range out {
		fmt.Println(s)
	}
}`
	want := "job-0\njob-1\njob-2\na+b\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 51: a receive clause of a select that defines its variables (case s := <-ch)
// makes new ones each time it runs: pointers and closures taken in earlier loop
// iterations all saw the last value ("b b" for "a b"). One that assigns (case last =
// <-ch) stores into the variable it names: it defined a new one (the named one kept its
// value, silently), and without a body it had no direction (reflect.Select panicked).
func TestPatchSelectCaseFreshVariables(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	ch := make(chan string, 2)
	ch <- "a"
	ch <- "b"
	var ps []*string
	var fs []func() string
	for i := 0; i < 2; i++ {
		select {
		case s := <-ch:
			ps = append(ps, &s)
			fs = append(fs, func() string { return s })
		}
	}
	fmt.Println(*ps[0], *ps[1], fs[0](), fs[1]())
	nums := make(chan int, 2)
	nums <- 4
	close(nums)
	var oks []*bool
	for i := 0; i < 2; i++ {
		select {
		case n, ok := <-nums:
			oks = append(oks, &ok)
			fmt.Println(n, ok)
		}
	}
	fmt.Println(*oks[0], *oks[1])
	var last string
	ch <- "c"
	select {
	case last = <-ch:
	}
	fmt.Println(last)
	ch <- "d"
	select {
	case last = <-ch:
		fmt.Println("got", last)
	}
	fmt.Println(last)
}`
	want := "a b a b\n4 true\n0 false\ntrue false\nc\ngot d\nd\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// The rewriter makes a select's receive clause that assigns define instead
// (rewrite.recvAssign): yaegi evaluated the left side before choosing, into a copy
// (`case x.a = <-c:` left x.a unchanged, status ok; `case *f() = <-c1:` called f though
// another case ran). Go evaluates it only for the case chosen.
func TestSelectReceiveAssignsWhenChosen(t *testing.T) {
	got := cellStdout(t, `package main

import "fmt"

type Flag bool

func f() *int {
	fmt.Println("f called")
	return new(int)
}

func main() {
	var x struct{ a int }
	m := map[string]int{}
	arr := [3]int{}
	i := 1
	var ok Flag
	var anyOk any
	c := make(chan int, 4)
	idle := make(chan int)
	c <- 42
	select {
	case *f() = <-idle:
	case x.a = <-c:
	}
	c <- 7
	select {
	case m["k"], ok = <-c:
	}
	c <- 9
	select {
	case arr[i] = <-c:
		i = 2
	}
	close(c)
	select {
	case _, anyOk = <-c:
	}
	select {
	case _ = <-c:
	}
	fmt.Println(x.a, m, ok, arr, i, anyOk)
}`)
	if want := "42 map[k:7] true [0 9 0] 2 false\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Patch 70: a receive stores into its destination in place. It replaced the frame slot
// with the received value: a pointer taken to the variable before `x = <-c` kept seeing
// the old value (status ok), a later store into the slot panicked ("reflect.Value.Set
// using unaddressable value", and so did `return <-c, ""`), and a receive that blocked,
// as the left operand of &&, left its slot unset (`<-c && true` was false).
func TestPatchReceiveStoresInPlace(t *testing.T) {
	src := `package main

import "fmt"

func pair(c chan int) (int, string) {
	return <-c, "s"
}

func main() {
	c := make(chan int, 4)
	c <- 1
	c <- 2
	c <- 3
	x := 0
	p := &x
	x = <-c
	fmt.Println(*p, x)
	x = 5
	fmt.Println(*p, x)
	n, s := pair(c)
	fmt.Println(n, s)
	done := make(chan bool)
	go func() { done <- true }()
	fmt.Println(<-done && true)
	var y int
	q := &y
	y = <-c
	y++
	fmt.Println(*q)
}`
	const want = "1 1\n5 5\n2 s\ntrue\n4\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}
