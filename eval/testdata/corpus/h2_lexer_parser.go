package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

type Kind int

const (
	NUM Kind = iota
	OP
	LP
	RP
	EOF
)

type Token struct {
	Kind Kind
	Text string
	Pos  int
}

func lex(s string) ([]Token, error) {
	var toks []Token
	i := 0
	for i < len(s) {
		c := rune(s[i])
		switch {
		case unicode.IsSpace(c):
			i++
		case unicode.IsDigit(c) || c == '.':
			j := i
			for j < len(s) && (unicode.IsDigit(rune(s[j])) || s[j] == '.') {
				j++
			}
			toks = append(toks, Token{NUM, s[i:j], i})
			i = j
		case strings.ContainsRune("+-*/^%", c):
			toks = append(toks, Token{OP, string(c), i})
			i++
		case c == '(':
			toks = append(toks, Token{LP, "(", i})
			i++
		case c == ')':
			toks = append(toks, Token{RP, ")", i})
			i++
		default:
			return nil, fmt.Errorf("unexpected %q at %d", c, i)
		}
	}
	return append(toks, Token{EOF, "", len(s)}), nil
}

type parser struct {
	toks []Token
	pos  int
}

func (p *parser) peek() Token { return p.toks[p.pos] }
func (p *parser) next() Token { t := p.toks[p.pos]; p.pos++; return t }

func prec(op string) int {
	switch op {
	case "+", "-":
		return 1
	case "*", "/", "%":
		return 2
	case "^":
		return 3
	}
	return 0
}

func (p *parser) primary() (float64, error) {
	t := p.next()
	switch t.Kind {
	case NUM:
		return strconv.ParseFloat(t.Text, 64)
	case LP:
		v, err := p.expr(1)
		if err != nil {
			return 0, err
		}
		if p.next().Kind != RP {
			return 0, fmt.Errorf("missing ) for ( at %d", t.Pos)
		}
		return v, nil
	case OP:
		if t.Text == "-" {
			v, err := p.primary()
			return -v, err
		}
	}
	return 0, fmt.Errorf("unexpected token %q at %d", t.Text, t.Pos)
}

func pow(a, b float64) float64 {
	r := 1.0
	for i := 0; i < int(b); i++ {
		r *= a
	}
	return r
}

func (p *parser) expr(minPrec int) (float64, error) {
	lhs, err := p.primary()
	if err != nil {
		return 0, err
	}
	for {
		t := p.peek()
		if t.Kind != OP || prec(t.Text) < minPrec {
			return lhs, nil
		}
		p.next()
		next := prec(t.Text) + 1
		if t.Text == "^" {
			next = prec(t.Text)
		}
		rhs, err := p.expr(next)
		if err != nil {
			return 0, err
		}
		switch t.Text {
		case "+":
			lhs += rhs
		case "-":
			lhs -= rhs
		case "*":
			lhs *= rhs
		case "/":
			lhs /= rhs
		case "%":
			lhs = float64(int(lhs) % int(rhs))
		case "^":
			lhs = pow(lhs, rhs)
		}
	}
}

func eval(s string) (float64, error) {
	toks, err := lex(s)
	if err != nil {
		return 0, err
	}
	p := &parser{toks: toks}
	v, err := p.expr(1)
	if err != nil {
		return 0, err
	}
	if p.peek().Kind != EOF {
		return 0, fmt.Errorf("trailing %q", p.peek().Text)
	}
	return v, nil
}

func main() {
	for _, s := range []string{"1+2*3", "(1+2)*3", "2^3^2", "10/4", "-3+5", "17%5*2", "1.5*(2+", "2 $ 3", "1 2", "1/0", "0.1+0.2"} {
		v, err := eval(s)
		if err != nil {
			fmt.Printf("%-10s error: %v\n", s, err)
			continue
		}
		fmt.Printf("%-10s = %v (%g, %.2f)\n", s, v, v, v)
	}
}
