// The messages of index-out-of-range and nil-pointer panics.
package main

import "fmt"

type T struct{ v int }

func main() {
	defer func() { fmt.Println("recovered:", recover()) }()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var p *T
		fmt.Println(p.v)
	}()
	s := []int{1, 2, 3}
	i := 5
	fmt.Println(s[i])
}
