package main

func r() int { return 1 }

func main() {
	a := r()
	println(a)
}

// Output:
// 1
