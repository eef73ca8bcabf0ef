package main

func main() {
	var u uint64
	var v uint32
	println(u << v)
}

// Output:
// 0
