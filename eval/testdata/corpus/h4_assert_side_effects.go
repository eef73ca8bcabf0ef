package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

type Shape interface{ Area() float64 }
type Sq struct{ s float64 }
type Circ struct{ r float64 }

func (q Sq) Area() float64    { return q.s * q.s }
func (c *Circ) Area() float64 { return 3 * c.r * c.r }
func (q Sq) String() string   { return fmt.Sprintf("Sq(%g)", q.s) }

type MyErr struct{ code int }

func (e *MyErr) Error() string { return fmt.Sprint("code ", e.code) }

var calls int

func next() any {
	calls++
	switch calls % 3 {
	case 0:
		return Sq{float64(calls)}
	case 1:
		return &Circ{1}
	}
	return "str"
}

func shape() Shape { calls++; return Sq{2} }

func fail(n int) error {
	calls++
	if n > 0 {
		return fmt.Errorf("wrapped: %w", &MyErr{n})
	}
	return nil
}

func main() {
	if v, ok := next().(Shape); ok {
		fmt.Println("shape", v.Area(), calls)
	}
	switch v := next().(type) {
	case fmt.Stringer:
		fmt.Println("stringer", v, calls)
	case string:
		fmt.Println("string", v, calls)
	}
	switch next().(type) {
	case Shape:
		fmt.Println("shape again", calls)
	default:
		fmt.Println("default", calls)
	}
	fmt.Println(next(), next(), calls)
	fmt.Printf("%T %v %d\n", next(), next(), calls)
	_, isS := shape().(fmt.Stringer)
	fmt.Println(isS, calls)
	var me *MyErr
	if err := fail(3); errors.As(err, &me) {
		fmt.Println("as", me.code, calls)
	}
	var target interface{ Error() string }
	fmt.Println(errors.As(fail(4), &target), target, calls)
	st := []any{Sq{1}, &Circ{2}, 3, nil, "x", Sq{4}}
	total := 0.0
	for _, v := range st {
		if s, ok := v.(Shape); ok {
			total += s.Area()
		} else if str, ok := v.(fmt.Stringer); ok {
			fmt.Println("only stringer", str)
		} else if v == nil {
			fmt.Println("nil element")
		}
	}
	fmt.Println(total)
	var w io.Writer = &strings.Builder{}
	if sw, ok := w.(io.StringWriter); ok {
		sw.WriteString("hi")
	}
	fmt.Println(w.(fmt.Stringer).String())
	var r io.Reader = strings.NewReader("abc")
	_, isWT := r.(io.WriterTo)
	_, isRS := r.(io.ReadSeeker)
	_, isW := r.(io.Writer)
	fmt.Println(isWT, isRS, isW)
	m := map[string]any{"a": Sq{3}}
	if sh, ok := m["a"].(Shape); ok {
		fmt.Println(sh.Area())
	}
	if _, ok := m["b"].(Shape); !ok {
		fmt.Println("missing not shape")
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var s any = Sq{1}
		_ = s.(*Circ)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var s any = 5
		_ = s.(Shape)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var s Shape = Sq{1}
		_ = s.(*Circ)
	}()
}
