// Range over an integer: each iteration has its own variable, closures see their own.
package main

import "fmt"

func main() {
	var fs []func() int
	for i := range 4 {
		fs = append(fs, func() int { return i * i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var ps []*int
	for i := range 3 {
		ps = append(ps, &i)
	}
	for _, p := range ps {
		fmt.Print(*p, " ")
	}
	fmt.Println()
}
