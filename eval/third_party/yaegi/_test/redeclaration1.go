package main

func main() {
	var foo string

	var foo int
	foo = 2
	println(foo)
}

// Error:
// ../_test/redeclaration1.go:6:6: foo redeclared in this block
