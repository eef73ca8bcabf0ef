package main

func main() {
	var a, b, c int
	println(a, b, c)
}

// Output:
// 0 0 0
