package main

import "github.com/traefik/yaegi/_test/p5"

func main() {
	println(*p5.Value1)
}

// Output:
// value1
