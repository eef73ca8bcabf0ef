package main

import "fmt"

type S1 string

func main() {
	s := S1("Hello")
	fmt.Println(s)
}

// Output:
// Hello
