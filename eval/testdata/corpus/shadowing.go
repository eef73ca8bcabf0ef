// Shadowing in if, for, switch and blocks.
package main

import (
	"fmt"
	"strconv"
)

var x = "package"

func main() {
	fmt.Println(x)
	x := "main"
	{
		x := "block"
		fmt.Println(x)
	}
	fmt.Println(x)
	if x := 5; x > 3 {
		fmt.Println("if", x)
	} else {
		fmt.Println("else", x)
	}
	for x := 0; x < 2; x++ {
		fmt.Println("for", x)
	}
	if n, err := strconv.Atoi("7"); err == nil {
		n := n * 2
		fmt.Println(n)
	}
	switch x := 3; {
	case x > 2:
		fmt.Println("switch", x)
	}
	err := fmt.Errorf("outer")
	if true {
		err := fmt.Errorf("inner")
		_ = err
	}
	fmt.Println(x, err)
}
