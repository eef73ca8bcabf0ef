package main

import (
	"errors"
	"fmt"
	"log"
	"os"
	"strings"
)

type Stack []int

func (s *Stack) Push(v int) { *s = append(*s, v) }
func (s *Stack) Pop() int {
	old := *s
	v := old[len(old)-1]
	*s = old[:len(old)-1]
	return v
}
func (s Stack) Peek() int { return s[len(s)-1] }

type Op func(a, b int) (int, error)

var ops = map[string]Op{
	"+": func(a, b int) (int, error) { return a + b, nil },
	"-": func(a, b int) (int, error) { return a - b, nil },
	"*": func(a, b int) (int, error) { return a * b, nil },
	"/": func(a, b int) (int, error) {
		if b == 0 {
			return 0, errors.New("division by zero")
		}
		return a / b, nil
	},
}

func eval(expr string) (result int, err error) {
	var st Stack
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bad expression %q: %v", expr, r)
		}
	}()
	for _, tok := range strings.Fields(expr) {
		if op, ok := ops[tok]; ok {
			b, a := st.Pop(), st.Pop()
			v, err := op(a, b)
			if err != nil {
				return 0, err
			}
			st.Push(v)
			continue
		}
		var n int
		if _, err := fmt.Sscanf(tok, "%d", &n); err != nil {
			return 0, fmt.Errorf("token %q: %w", tok, err)
		}
		st.Push(n)
	}
	return st.Peek(), nil
}

func main() {
	logger := log.New(os.Stdout, "rpn: ", 0)
	for _, e := range []string{"3 4 +", "5 1 2 + 4 * + 3 -", "1 0 /", "1 +", "2 x *"} {
		v, err := eval(e)
		if err != nil {
			logger.Println("error:", err)
			continue
		}
		logger.Printf("%s = %d", e, v)
	}
	var a, b int
	var s string
	n, err := fmt.Sscan("10 20 go", &a, &b, &s)
	fmt.Println(n, err, a+b, s)
	logger.SetPrefix("new: ")
	logger.Print("done")
}
