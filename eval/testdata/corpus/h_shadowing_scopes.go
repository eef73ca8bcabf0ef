package main

import (
	"errors"
	"fmt"
	"strconv"
)

var x = "package"

func parse(s string) (n int, err error) {
	if n, err := strconv.Atoi(s); err == nil {
		return n * 2, nil
	}
	return n, errors.New("bad " + s)
}

func main() {
	fmt.Println(x)
	x := "main"
	{
		x := "block"
		x += "!"
		fmt.Println(x)
	}
	fmt.Println(x)
	if x := 5; x > 3 {
		fmt.Println("if", x)
	} else if y := x * 2; y > 0 {
		fmt.Println("else", y)
	}
	for x := 0; x < 2; x++ {
		x := x * 10
		fmt.Println("loop", x)
	}
	fmt.Println(parse("21"))
	fmt.Println(parse("zz"))
	err := errors.New("outer")
	func() {
		_, err := strconv.Atoi("1")
		fmt.Println("inner err", err)
	}()
	fmt.Println("outer err", err)
	switch x := len(x); {
	case x > 3:
		fmt.Println("long", x)
	default:
		fmt.Println("short", x)
	}
	fmt := "shadowed fmt"
	_ = fmt
	println2(fmt)
}

func println2(s string) { fmt.Println(s) }
