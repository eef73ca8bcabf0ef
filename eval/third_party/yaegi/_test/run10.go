package main

func main() {
	func() { println("hello") }()
}

// Output:
// hello
