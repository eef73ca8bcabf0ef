package main

import "fmt"

func main() {
	fmt.Println(true)
}

// Output:
// true
