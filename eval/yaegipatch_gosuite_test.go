package eval

import "testing"

// Tests of the yaegi patches 70 and up and of the rewrites that Go's own test suite
// (TestGoSuite) and yaegi's upstream programs found wanting. Expected output is what
// `go run` prints for the same program.

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

