package main

var (
	a = b
	b = "hello"
)

func main() {
	println(a)
}

// Output:
// hello
