package main

func main() {
	a, b := 1, 2
	_ = a + b
	println("ok")
}

// Output:
// ok
