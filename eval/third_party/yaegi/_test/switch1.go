package main

func main() {
	i := 1

	switch i {
	case 0:
		println(i)
	default:
		println("not nul")
	}
}

// Output:
// not nul
