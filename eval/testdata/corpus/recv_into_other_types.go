package main

import "fmt"

// A value received from a channel assigned to a variable of another type (an int into
// an any), or to a package variable from a function (yaegi patch 139).

var g int
var gi any
var ch any

type Stringer interface{ String() string }

type Name string

func (n Name) String() string { return "name " + string(n) }

func recvAny[T any]() {
	gi = <-ch.(chan T)
}

func recvBoth[T any]() bool {
	var ok bool
	gi, ok = <-ch.(chan T)
	return ok
}

func main() {
	c := make(chan int, 10)
	for i := 1; i <= 10; i++ {
		c <- i
	}
	ch = c
	func() {
		g = <-c
		gi = <-c
	}()
	fmt.Println(g, gi)
	gi = <-ch.(chan int)
	fmt.Println(gi)
	recvAny[int]()
	fmt.Println(gi)
	fmt.Println(recvBoth[int](), gi)
	var l any
	l = <-c
	fmt.Printf("%v %T\n", l, l)
	names := make(chan Name, 1)
	names <- "x"
	var s Stringer
	s = <-names
	fmt.Println(s.String())
}
