package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

func eval(expr string) (float64, error) {
	var stack []float64
	for _, tok := range strings.Fields(expr) {
		switch tok {
		case "+", "-", "*", "/":
			if len(stack) < 2 {
				return 0, errors.New("stack underflow")
			}
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-2]
			var r float64
			switch tok {
			case "+":
				r = a + b
			case "-":
				r = a - b
			case "*":
				r = a * b
			case "/":
				r = a / b
			}
			stack = append(stack, r)
		default:
			v, err := strconv.ParseFloat(tok, 64)
			if err != nil {
				return 0, fmt.Errorf("bad token %q", tok)
			}
			stack = append(stack, v)
		}
	}
	if len(stack) != 1 {
		return 0, errors.New("malformed expression")
	}
	return stack[0], nil
}

func main() {
	for _, e := range []string{"3 4 +", "5 1 2 + 4 * + 3 -", "2 x *", "1 +", "1 2"} {
		v, err := eval(e)
		fmt.Println(v, err)
	}
}
