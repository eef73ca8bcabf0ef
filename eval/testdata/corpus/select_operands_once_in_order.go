package main

import "fmt"

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
}
