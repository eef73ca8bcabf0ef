package main

func main() {
	a := 3
	switch a {
	default:
		//println("default")
	case 3:
		println("three")
	}
	println("bye")
}

// Output:
// three
// bye
