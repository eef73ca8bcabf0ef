package eval

import (
	"strings"
	"testing"
)

// selectSendSrc sends in select clauses what a send statement would: untyped constants
// on channels of sized numeric types, a comparison on a chan bool, values with methods
// and nil on channels of interface types, a declared function on a channel of funcs.
// Expected output from go run (corpus program select_send_converts).
const selectSendSrc = `package main

import (
	"errors"
	"fmt"
)

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type myErr struct{ code int }

func (e *myErr) Error() string { return fmt.Sprint("code ", e.code) }

func double(x int) int { return 2 * x }

func main() {
	c32 := make(chan int32, 1)
	select {
	case c32 <- 123:
	}
	fmt.Println(<-c32)
	var c8 = make(chan uint8, 1)
	select {
	case c8 <- 'A':
		fmt.Println("sent byte")
	}
	fmt.Println(<-c8)
	cf := make(chan float64, 1)
	select {
	case cf <- 1:
	default:
	}
	fmt.Println(<-cf / 4)
	ca := make(chan any, 3)
	select {
	case ca <- 7:
	}
	select {
	case ca <- celsius(21.5):
	}
	select {
	case ca <- nil:
	}
	for i := 0; i < 3; i++ {
		switch v := (<-ca).(type) {
		case int:
			fmt.Println("int", v)
		case celsius:
			fmt.Println("celsius", v)
		case nil:
			fmt.Println("nil")
		}
	}
	cs := make(chan fmt.Stringer, 1)
	select {
	case cs <- celsius(3):
	}
	fmt.Println((<-cs).String())
	ce := make(chan error, 3)
	select {
	case ce <- &myErr{7}:
	}
	select {
	case ce <- nil:
	}
	select {
	case ce <- errors.New("plain"):
	}
	for i := 0; i < 3; i++ {
		e := <-ce
		fmt.Println(e == nil, e)
	}
	cfn := make(chan func(int) int, 1)
	select {
	case cfn <- double:
	}
	fmt.Println((<-cfn)(21))
	cb := make(chan bool, 1)
	select {
	case cb <- 1 < 2:
	}
	fmt.Println(<-cb)
}
`

// Patch 99: a select's send clause sends the value a send statement sends: an untyped
// constant as the channel's element type (case c32 <- 123: panicked, "reflect.Select:
// value of type int is not assignable to type int32": Go's test chan/nonblock.go), a
// value on a channel of an interface type as that interface.
func TestSelectSendConvertsToElementType(t *testing.T) {
	want := "123\nsent byte\n65\n0.25\nint 7\ncelsius 21.5°C\nnil\n3.0°C\nfalse code 7\ntrue <nil>\nfalse plain\n42\ntrue\n"
	if got := cellStdout(t, strings.TrimPrefix(selectSendSrc, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}
