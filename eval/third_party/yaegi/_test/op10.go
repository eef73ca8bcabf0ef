package main

func main() {
	_ = 1 + 1
	println("ok")
}

// Output:
// ok
