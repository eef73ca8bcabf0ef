package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

type TokenKind int

const (
	Num TokenKind = iota
	Op
	LParen
	RParen
)

type Token struct {
	Kind TokenKind
	Text string
}

func tokenize(s string) ([]Token, error) {
	var toks []Token
	for i := 0; i < len(s); {
		c := rune(s[i])
		switch {
		case unicode.IsSpace(c):
			i++
		case unicode.IsDigit(c):
			j := i
			for j < len(s) && unicode.IsDigit(rune(s[j])) {
				j++
			}
			toks = append(toks, Token{Num, s[i:j]})
			i = j
		case strings.ContainsRune("+-*/", c):
			toks = append(toks, Token{Op, string(c)})
			i++
		case c == '(', c == ')':
			k := LParen
			if c == ')' {
				k = RParen
			}
			toks = append(toks, Token{k, string(c)})
			i++
		default:
			return nil, fmt.Errorf("bad char %q at %d", c, i)
		}
	}
	return toks, nil
}

func prec(op string) int {
	switch op {
	case "+", "-":
		return 1
	case "*", "/":
		return 2
	}
	return 0
}

func eval(toks []Token) (result int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("eval: %v", r)
		}
	}()
	var nums []int
	var ops []string
	apply := func() {
		b, a := nums[len(nums)-1], nums[len(nums)-2]
		nums = nums[:len(nums)-2]
		op := ops[len(ops)-1]
		ops = ops[:len(ops)-1]
		switch op {
		case "+":
			nums = append(nums, a+b)
		case "-":
			nums = append(nums, a-b)
		case "*":
			nums = append(nums, a*b)
		case "/":
			nums = append(nums, a/b)
		}
	}
	for _, t := range toks {
		switch t.Kind {
		case Num:
			n, _ := strconv.Atoi(t.Text)
			nums = append(nums, n)
		case LParen:
			ops = append(ops, "(")
		case RParen:
			for ops[len(ops)-1] != "(" {
				apply()
			}
			ops = ops[:len(ops)-1]
		case Op:
			for len(ops) > 0 && prec(ops[len(ops)-1]) >= prec(t.Text) {
				apply()
			}
			ops = append(ops, t.Text)
		}
	}
	for len(ops) > 0 {
		apply()
	}
	return nums[0], nil
}

func main() {
	for _, expr := range []string{"1 + 2 * 3", "(1 + 2) * 3", "10 / (5 - 5)", "2 * (3 + 4) - 5 / 2", "7 $ 2", "((4))"} {
		toks, err := tokenize(expr)
		if err != nil {
			fmt.Println("tokenize:", err)
			continue
		}
		v, err := eval(toks)
		fmt.Printf("%-20s = %d %v\n", expr, v, err)
	}
}
