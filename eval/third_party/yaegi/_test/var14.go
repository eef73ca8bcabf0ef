package main

import "github.com/traefik/yaegi/_test/vars"

func main() {
	println(vars.A)
}

// Output:
// hello world!
