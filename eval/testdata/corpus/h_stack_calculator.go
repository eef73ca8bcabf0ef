package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

var ErrStack = errors.New("stack underflow")

type Token struct {
	Kind  string
	Value string
}

func tokenize(s string) ([]Token, error) {
	var toks []Token
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case unicode.IsDigit(r) || r == '.':
			j := i
			for j < len(rs) && (unicode.IsDigit(rs[j]) || rs[j] == '.') {
				j++
			}
			toks = append(toks, Token{"num", string(rs[i:j])})
			i = j
		case strings.ContainsRune("+-*/()", r):
			toks = append(toks, Token{"op", string(r)})
			i++
		default:
			return nil, fmt.Errorf("unexpected %q at %d", r, i)
		}
	}
	return toks, nil
}

var prec = map[string]int{"+": 1, "-": 1, "*": 2, "/": 2}

func toRPN(toks []Token) []Token {
	var out, ops []Token
	for _, t := range toks {
		switch {
		case t.Kind == "num":
			out = append(out, t)
		case t.Value == "(":
			ops = append(ops, t)
		case t.Value == ")":
			for len(ops) > 0 && ops[len(ops)-1].Value != "(" {
				out = append(out, ops[len(ops)-1])
				ops = ops[:len(ops)-1]
			}
			ops = ops[:len(ops)-1]
		default:
			for len(ops) > 0 && prec[ops[len(ops)-1].Value] >= prec[t.Value] {
				out = append(out, ops[len(ops)-1])
				ops = ops[:len(ops)-1]
			}
			ops = append(ops, t)
		}
	}
	for i := len(ops) - 1; i >= 0; i-- {
		out = append(out, ops[i])
	}
	return out
}

func eval(rpn []Token) (float64, error) {
	var st []float64
	for _, t := range rpn {
		if t.Kind == "num" {
			v, err := strconv.ParseFloat(t.Value, 64)
			if err != nil {
				return 0, err
			}
			st = append(st, v)
			continue
		}
		if len(st) < 2 {
			return 0, fmt.Errorf("operator %s: %w", t.Value, ErrStack)
		}
		a, b := st[len(st)-2], st[len(st)-1]
		st = st[:len(st)-2]
		var r float64
		switch t.Value {
		case "+":
			r = a + b
		case "-":
			r = a - b
		case "*":
			r = a * b
		case "/":
			r = a / b
		}
		st = append(st, r)
	}
	return st[0], nil
}

func main() {
	for _, e := range []string{"1 + 2 * 3", "(1 + 2) * 3", "10 / 4 - 1.5", "2 * (3 + 4) * 5", "1 / 0", "3 $ 4", "+ 1", "1.2.3 + 1"} {
		toks, err := tokenize(e)
		if err != nil {
			fmt.Printf("%-16s error: %v\n", e, err)
			continue
		}
		rpn := toRPN(toks)
		var parts []string
		for _, t := range rpn {
			parts = append(parts, t.Value)
		}
		v, err := eval(rpn)
		fmt.Printf("%-16s %-14s %v %v %v\n", e, strings.Join(parts, " "), v, err, errors.Is(err, ErrStack))
	}
}
