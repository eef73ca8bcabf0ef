package main

func main() {
	i := 1

	switch i {
	case 1:
		// nothing to do
	default:
		println("not run")
	}
	println("bye")
}

// Output:
// bye
