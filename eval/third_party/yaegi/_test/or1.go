package main

func main() {
	c := false
	println(!c || c)
}

// Output:
// true
