package main

import (
	"errors"
	"fmt"
)

type MyErr struct{ msg string }

func (e *MyErr) Error() string {
	if e == nil {
		return "nil MyErr"
	}
	return e.msg
}

func mayFail(fail bool) error {
	var p *MyErr
	if fail {
		p = &MyErr{"boom"}
	}
	return p
}

func mayFailRight(fail bool) error {
	if fail {
		return &MyErr{"boom"}
	}
	return nil
}

type Shape interface{ Area() float64 }
type Sq struct{ s float64 }

func (q *Sq) Area() float64 {
	if q == nil {
		return 0
	}
	return q.s * q.s
}

func main() {
	e1 := mayFail(false)
	fmt.Println(e1 == nil, e1 != nil, e1)
	fmt.Printf("%T %v\n", e1, e1)
	e2 := mayFailRight(false)
	fmt.Println(e2 == nil, e2)
	var me *MyErr
	fmt.Println(errors.As(mayFail(true), &me), me.msg)
	var s Shape
	fmt.Println(s == nil)
	var sq *Sq
	s = sq
	fmt.Println(s == nil, s.Area(), s.(*Sq) == nil)
	var a, b any
	fmt.Println(a == b, a == nil)
	a = (*int)(nil)
	fmt.Println(a == nil, a == (*int)(nil), a == b)
	var m map[string]int
	var sl []int
	var fn func()
	var ch chan int
	var ip *int
	fmt.Println(m == nil, sl == nil, fn == nil, ch == nil, ip == nil, len(m), len(sl), m["x"])
	vals := []any{nil, (*int)(nil), []int(nil), map[int]int(nil), error(nil)}
	for i, v := range vals {
		fmt.Print(i, ":", v == nil, " ")
	}
	fmt.Println()
	fmt.Printf("%v %v %d %v\n", sl, m, len(vals), vals[1])
	errs := []error{mayFail(false), mayFailRight(false), nil}
	n := 0
	for _, e := range errs {
		if e != nil {
			n++
		}
	}
	fmt.Println("non-nil errors:", n)
}
