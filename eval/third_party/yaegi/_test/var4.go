package main

func main() {
	var a, b = 2, 3
	println(a, b)
}

// Output:
// 2 3
