package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

var ErrStack = errors.New("stack underflow")

type Calc struct {
	stack []float64
	vars  map[string]float64
}

func (c *Calc) pop() (float64, error) {
	if len(c.stack) == 0 {
		return 0, ErrStack
	}
	v := c.stack[len(c.stack)-1]
	c.stack = c.stack[:len(c.stack)-1]
	return v, nil
}

func (c *Calc) Eval(expr string) (float64, error) {
	c.stack = c.stack[:0]
	for _, tok := range strings.Fields(expr) {
		if f, err := strconv.ParseFloat(tok, 64); err == nil {
			c.stack = append(c.stack, f)
			continue
		}
		if strings.HasPrefix(tok, "=") {
			v, err := c.pop()
			if err != nil {
				return 0, fmt.Errorf("assign %s: %w", tok[1:], err)
			}
			c.vars[tok[1:]] = v
			c.stack = append(c.stack, v)
			continue
		}
		if v, ok := c.vars[tok]; ok {
			c.stack = append(c.stack, v)
			continue
		}
		b, err1 := c.pop()
		a, err2 := c.pop()
		if err := errors.Join(err1, err2); err != nil {
			return 0, fmt.Errorf("op %q: %w", tok, err)
		}
		switch tok {
		case "+":
			c.stack = append(c.stack, a+b)
		case "-":
			c.stack = append(c.stack, a-b)
		case "*":
			c.stack = append(c.stack, a*b)
		case "/":
			if b == 0 {
				return 0, fmt.Errorf("division by zero")
			}
			c.stack = append(c.stack, a/b)
		default:
			return 0, fmt.Errorf("unknown token %q", tok)
		}
	}
	if len(c.stack) != 1 {
		return 0, fmt.Errorf("stack has %d items", len(c.stack))
	}
	return c.stack[0], nil
}

func main() {
	c := &Calc{vars: map[string]float64{}}
	for _, e := range []string{"3 4 + 2 *", "1 2 3", "5 =x x x *", "x 3 /", "+", "1 0 /", "2 y ^", "0.1 0.2 +", "1e300 1e300 *", "x 1 - =y y y +"} {
		v, err := c.Eval(e)
		if err != nil {
			fmt.Printf("%-16s err: %v (underflow=%v)\n", e, err, errors.Is(err, ErrStack))
		} else {
			fmt.Printf("%-16s = %v\n", e, v)
		}
	}
	fmt.Println(c.vars)
}
