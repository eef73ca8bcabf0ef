package main

var a = false || true

func main() {
	println(a)
}

// Output:
// true
