// A select's send clauses send what a send statement sends: constants as the element type,
// values on interface channels as the interface (yaegi patch 99).
package main

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
