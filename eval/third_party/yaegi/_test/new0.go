package main

func main() {
	a := new(int)
	*a = 3
	println(*a)
}

// Output:
// 3
