package main

func main() {
	a := 2
	switch {
	case a == 1:
		println(1)
	case a == 3:
	default:
	}
	println("bye")
}

// Output:
// bye
