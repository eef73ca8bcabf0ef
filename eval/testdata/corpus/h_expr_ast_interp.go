package main

import (
	"errors"
	"fmt"
	"strings"
)

type Expr interface {
	Eval(env map[string]float64) (float64, error)
	String() string
}

type Num float64
type Var string
type Bin struct {
	Op   byte
	L, R Expr
}
type Call struct {
	Fn   string
	Args []Expr
}

func (n Num) Eval(map[string]float64) (float64, error) { return float64(n), nil }
func (n Num) String() string                           { return fmt.Sprint(float64(n)) }

func (v Var) Eval(env map[string]float64) (float64, error) {
	x, ok := env[string(v)]
	if !ok {
		return 0, fmt.Errorf("undefined variable %q", string(v))
	}
	return x, nil
}
func (v Var) String() string { return string(v) }

var ErrDivZero = errors.New("division by zero")

func (b Bin) Eval(env map[string]float64) (float64, error) {
	l, err := b.L.Eval(env)
	if err != nil {
		return 0, err
	}
	r, err := b.R.Eval(env)
	if err != nil {
		return 0, err
	}
	switch b.Op {
	case '+':
		return l + r, nil
	case '-':
		return l - r, nil
	case '*':
		return l * r, nil
	case '/':
		if r == 0 {
			return 0, fmt.Errorf("%v: %w", b, ErrDivZero)
		}
		return l / r, nil
	}
	return 0, fmt.Errorf("bad op %c", b.Op)
}
func (b Bin) String() string { return fmt.Sprintf("(%v %c %v)", b.L, b.Op, b.R) }

func (c Call) Eval(env map[string]float64) (float64, error) {
	var vals []float64
	for _, a := range c.Args {
		v, err := a.Eval(env)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", c.Fn, err)
		}
		vals = append(vals, v)
	}
	switch c.Fn {
	case "max":
		m := vals[0]
		for _, v := range vals[1:] {
			m = max(m, v)
		}
		return m, nil
	case "sum":
		s := 0.0
		for _, v := range vals {
			s += v
		}
		return s, nil
	}
	return 0, fmt.Errorf("unknown function %s", c.Fn)
}
func (c Call) String() string {
	parts := make([]string, len(c.Args))
	for i, a := range c.Args {
		parts[i] = a.String()
	}
	return c.Fn + "(" + strings.Join(parts, ", ") + ")"
}

func main() {
	env := map[string]float64{"x": 3, "y": 4}
	exprs := []Expr{
		Bin{'+', Num(1), Bin{'*', Var("x"), Var("y")}},
		Call{"max", []Expr{Var("x"), Num(10), Bin{'-', Var("y"), Num(1)}}},
		Bin{'/', Num(1), Bin{'-', Var("x"), Num(3)}},
		Call{"sum", []Expr{Var("z")}},
		Call{"avg", []Expr{Num(1)}},
	}
	for _, e := range exprs {
		v, err := e.Eval(env)
		fmt.Printf("%-22v = %v, err=%v, div0=%v\n", e, v, err, errors.Is(err, ErrDivZero))
	}
	fmt.Println(exprs[0])
	var e Expr = Num(2)
	if n, ok := e.(Num); ok {
		fmt.Println("num", float64(n)*2)
	}
	switch x := exprs[1].(type) {
	case Bin:
		fmt.Println("bin", x.Op)
	case Call:
		fmt.Println("call", x.Fn, len(x.Args))
	}
}
