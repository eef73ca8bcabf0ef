package main

import "fmt"

func main() {
	a := -1
	fmt.Println(a)
}

// Output:
// -1
