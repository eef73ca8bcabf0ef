package main

import (
	"fmt"
	"os"
)

func main() {
	println("to stderr", 1, true)
	print("also stderr\n")
	fmt.Println("to stdout")
	fmt.Fprintln(os.Stderr, "stderr via fmt")
	fmt.Fprintln(os.Stdout, "stdout via fmt")
}
