// Printing nil and zero values of every kind.
package main

import "fmt"

type T struct {
	P *int
	S []int
	M map[string]int
	F func()
	E error
	I any
}

func main() {
	var s []int
	var m map[string]int
	var p *int
	var e error
	var i any
	var ch chan int
	fmt.Println(s, m, p, e, i, ch)
	fmt.Printf("%v %v %v %v %d %s\n", s, m, e, i, s, s)
	fmt.Printf("%+v\n", T{})
	fmt.Println(T{}.F == nil, len(s), cap(s))
	fmt.Printf("[%5v] [%-5v]\n", nil, true)
}
