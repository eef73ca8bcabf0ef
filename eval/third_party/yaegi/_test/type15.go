package main

func main() {
	err := error(nil)
	println(err == nil)
}

// Output:
// true
