package main

import "fmt"

// The two variables of a comma-ok form declared with a type (var v, ok T = x.(U), m[k],
// <-c) are both of that type, at the top level too, and the package variables that use
// them are initialized after them (Go's test fixedbugs/issue53619.go).

var c = b
var d = a

var a, b any = any(nil).(bool)

var m = map[string]int{"x": 1}

var v, ok any = m["x"]

var w, present = m["x"]

var gc = func() chan string {
	c := make(chan string, 1)
	c <- "sent"
	return c
}()

var got, open0 = <-gc

func main() {
	fmt.Println(c == false, d == false, a, b)
	fmt.Printf("%v %v %T %T\n", v, ok, v, ok)
	fmt.Println(w, present, got, open0)

	var s, found any = m["y"]
	fmt.Println(s, found)
	s = "now a string"
	fmt.Println(s)

	ch := make(chan int, 1)
	ch <- 7
	var r, open any = <-ch
	fmt.Println(r, open)

	var x any = 2.5
	var f, isFloat any = x.(float64)
	var i, isInt any = x.(int)
	fmt.Println(f, isFloat, i, isInt)
}
