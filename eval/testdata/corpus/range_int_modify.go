// Range over an integer: assigning to the loop variable does not change the iteration.
package main

import "fmt"

func main() {
	for i := range 4 {
		fmt.Print(i, " ")
		i += 10
		_ = i
	}
	fmt.Println()
	n := 3
	for i := range n {
		n = 100
		fmt.Print(i, " ")
	}
	fmt.Println(n)
	var j int
	for j = range 3 {
	}
	fmt.Println("j", j)
}
