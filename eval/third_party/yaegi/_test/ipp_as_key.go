package main

import (
	"guthib.com/tata" // pkg name is actually tutu
	"guthib.com/toto" // pkg name is actually titi
)

func main() {
	println("Hello", titi.Quux())
	println("Hello", tutu.Quux())
}

// GOPATH:testdata/redeclaration-global7
// Output:
// Hello bar
// Hello baz
