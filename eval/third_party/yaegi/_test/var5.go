package main

import "fmt"

func main() {
	var a int64 = 64
	fmt.Printf("a: %v %T", a, a)
	fmt.Println()
}

// Output:
// a: 64 int64
