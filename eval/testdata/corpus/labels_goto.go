// Labelled break and continue in nested loops and switches, and goto.
package main

import "fmt"

func main() {
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j == 2 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
loop:
	for i := 0; ; i++ {
		switch {
		case i == 1:
			continue
		case i > 3:
			break loop
		}
		fmt.Print("i", i, " ")
	}
	fmt.Println()
	n := 0
again:
	n++
	if n < 5 {
		goto again
	}
	fmt.Println("n", n)
}
