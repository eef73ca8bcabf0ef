package main

import (
	"errors"
	"fmt"
	"strconv"
)

var x = "package"

func parse(s string) (int, error) {
	if n, err := strconv.Atoi(s); err != nil {
		return 0, fmt.Errorf("bad %q", s)
	} else if n < 0 {
		n := -n
		return n, errors.New("negated")
	} else {
		return n * 2, nil
	}
}

func main() {
	fmt.Println(x)
	x := 1
	{
		x := x + 1
		x++
		fmt.Println("inner", x)
	}
	fmt.Println("outer", x)
	if x := "if"; x != "" {
		fmt.Println(x)
	} else if y := x + "!"; len(y) > 0 {
		fmt.Println(y)
	}
	fmt.Println(x)
	for _, s := range []string{"21", "-4", "z"} {
		fmt.Println(parse(s))
	}
	var err error
	if true {
		_, err := strconv.Atoi("nope")
		_ = err
	}
	fmt.Println("err still", err)
	n := 0
	for i := 0; i < 3; i++ {
		n := n + i
		_ = n
	}
	fmt.Println("n", n)
	val, err := strconv.Atoi("5")
	val2, err := strconv.Atoi("six")
	fmt.Println(val, val2, err != nil)
	switch x := x * 10; {
	case x > 5:
		fmt.Println("switch x", x)
	}
	len := func(s string) int { return 42 }
	fmt.Println(len("abc"))
	type int = string
	var z int = "typed"
	fmt.Println(z)
}
