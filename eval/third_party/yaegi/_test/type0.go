package main

type newInt int

func main() {
	var a newInt
	println(a)
}

// Output:
// 0
