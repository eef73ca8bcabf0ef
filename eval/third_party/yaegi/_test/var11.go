package main

var a, _, _, b = 1, true, "foo", 2

func main() {
	println(a, b)
}

// Output:
// 1 2
