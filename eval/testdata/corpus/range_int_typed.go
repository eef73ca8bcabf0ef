// Range over a typed integer: the loop variable has the operand's type, and the
// operand is evaluated once.
package main

import "fmt"

type Count uint8

func limit() int64 {
	fmt.Println("limit called")
	return 3
}

func main() {
	for i := range limit() {
		fmt.Printf("%T %v\n", i, i)
	}
	var c Count = 2
	for j := range c {
		fmt.Printf("%T %d\n", j, j)
	}
	var total int64
	for k := range int64(4) {
		total += k
	}
	fmt.Println(total)
}
