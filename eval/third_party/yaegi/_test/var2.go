package main

func main() {
	var a int = 2
	println(a)
}

// Output:
// 2
