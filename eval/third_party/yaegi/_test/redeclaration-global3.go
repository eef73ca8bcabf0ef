package main

import (
	"time"
)

var time string

func main() {
	time = "hello"
	println(t)
}

// Error:
// ../_test/redeclaration-global3.go:7:5: time redeclared in this block
