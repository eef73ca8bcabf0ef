package main

func main() {
	print("hello")
}

// Output:
// hello
