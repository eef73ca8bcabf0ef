// Range over a function: break and continue inside the body.
package main

import "fmt"

func Evens(yield func(int) bool) {
	for i := 0; ; i += 2 {
		if !yield(i) {
			fmt.Println("iterator stopped at", i)
			return
		}
	}
}

func main() {
	for v := range Evens {
		if v == 2 {
			continue
		}
		if v > 6 {
			break
		}
		fmt.Println(v)
	}
	fmt.Println("done")
}
