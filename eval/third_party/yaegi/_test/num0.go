package main

import "fmt"

func main() {
	fmt.Printf("%g\n", 1.0)
}

// Output:
// 1
