package main

var a int = 1

func main() {
	println(a)
}

// Output:
// 1
