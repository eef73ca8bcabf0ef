package main

import "fmt"

func main() {
	for i := range 3 {
		fmt.Println("i =", i)
	}
	n := 0
	for range 5 {
		n++
	}
	fmt.Println(n)
	var total int64
	for i := range int64(4) {
		total += i
	}
	fmt.Printf("%T %d\n", total, total)
}
