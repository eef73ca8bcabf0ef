package main

import (
	"fmt"
	"os"
)

type Point struct{ X, Y int }

func main() {
	fmt.Println("stdout: start")
	println("stderr: println", 1, true, 2.5)
	print("stderr: print", 3, "\n")
	fmt.Fprintln(os.Stderr, "stderr: Fprintln")
	p := Point{1, 2}
	println("point x", p.X)
	fmt.Println("stdout:", p)
	var e error
	println(e == nil)
	fmt.Fprintf(os.Stdout, "stdout: %d items\n", 3)
	os.Stdout.WriteString("stdout: WriteString\n")
	os.Stderr.WriteString("stderr: WriteString\n")
	fmt.Println("stdout: end")
}
