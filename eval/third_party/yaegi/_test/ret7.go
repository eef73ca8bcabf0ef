package main

func one() uint {
	return 1
}
func main() {
	println(one())
}

// Output:
// 1
