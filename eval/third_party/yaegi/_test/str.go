package main

func main() {
	println("hello world")
}

// Output:
// hello world
