package main

func main() {
	var a int = 2
	b := &a
	println(*b)
}

// Output:
// 2
