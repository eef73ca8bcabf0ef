package main

var _ = true
var _ = "hello"

func main() {
	println("hello")
}

// Output:
// hello
