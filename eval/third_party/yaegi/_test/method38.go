package main

import (
	"fmt"

	"github.com/traefik/yaegi/_test/method38"
)

func main() {
	fmt.Println(method38.Get())
}

// Output:
// &{[] {<nil>}}
