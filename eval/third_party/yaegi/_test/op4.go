package main

func main() {
	i := 102
	println(i % -1e2)
}

// Output:
// 2
