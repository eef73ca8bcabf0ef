// Go 1.22 loop variables: changes made in the body carry over to the next iteration,
// continue still runs the post statement, closures keep their own copy.
package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 10; i++ {
		if i%2 == 1 {
			i++
			continue
		}
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	for i := 0; i < 3; i++ {
		defer func() { fmt.Print("deferred ", i, "\n") }()
	}
}
