// defer inside the body of a range over a function runs when the enclosing function
// returns, not at the end of the iteration.
package main

import "fmt"

func seq(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		if !yield(i) {
			return
		}
	}
}

func run() {
	for v := range seq {
		defer fmt.Println("deferred", v)
		fmt.Println("body", v)
	}
	fmt.Println("after loop")
}

func main() {
	run()
}
