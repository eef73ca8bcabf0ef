package eval

import "testing"

// A select evaluates the channel operands of its receives and the channels and values of
// its sends once, in source order, before it chooses (the spec's select statement, step
// 1): the rewriter (eval/internal/rewrite/select.go, selectOperands) binds them to
// variables before the statement. yaegi evaluated them case by case, so the send `case
// c <- x:` sent the x a later case's call had changed (Go's test
// fixedbugs/issue4313.go). Expected output from go run.
func TestSelectEvaluatesOperandsInSourceOrder(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Flag bool

func trace(s string, c chan int) chan int {
	fmt.Println("operand", s)
	return c
}

func val(s string, v int) int {
	fmt.Println("value", s)
	return v
}

func makec(px *int) chan bool {
	*px = 42
	return make(chan bool)
}

func main() {
	c := make(chan int, 1)
	x := 0
	select {
	case c <- x:
	case <-makec(&x):
	}
	fmt.Println("sent", <-c)

	// One case is ready in each select (Go chooses at random among ready ones).
	a := make(chan int, 1)
	b := make(chan int) // no receiver: a send never proceeds
	a <- 1
	select {
	case v := <-trace("a", a):
		fmt.Println("got a", v)
	case trace("b", b) <- val("b", 2):
		fmt.Println("sent b")
	}
	var got int
	var ok bool
	b = make(chan int, 1)
	b <- 7
	a <- 9 // full: the send below does not proceed
	select {
	case got, ok = <-trace("b", b):
		fmt.Println("got", got, ok)
	case trace("a", a) <- val("a", 3):
		fmt.Println("sent a")
	}
	flags := make(chan Flag, 1)
	y, z := 1, 2
	for i := 0; i < 2; i++ {
		select {
		case flags <- y == z:
			fmt.Println("flag sent", i)
		case f := <-flags:
			fmt.Println("flag", f)
			if i == 1 {
				break
			}
		case <-trace("nil", nil):
		}
	}
	var nilc chan int
	select {
	case <-nilc:
	case nilc <- val("nil send", 1):
	default:
		fmt.Println("default")
	}
}`)
	want := `sent 0
operand a
operand b
value b
got a 1
operand b
operand a
value a
got 7 true
operand nil
flag sent 0
operand nil
flag false
value nil send
default
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
