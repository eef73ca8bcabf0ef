package main

func main() {
	//a := false
	switch false {
	case true:
		println("true")
	case false:
		println("false")
	}
	println("bye")
}

// Output:
// false
// bye
