// Values of cell types out of reflect (Interface) keep their methods for assertions and switches.
package main

import (
	"fmt"
	"reflect"
)

type NotFound struct{ Key string }

func (e NotFound) Error() string { return "not found: " + e.Key }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (q Sq) Area() float64 { return q.S * q.S }

func main() {
	var err error = NotFound{"k"}
	v := reflect.ValueOf(err)
	e, ok := v.Interface().(error)
	fmt.Println(ok, e)
	s, ok := reflect.ValueOf(Celsius(2)).Interface().(fmt.Stringer)
	fmt.Println(ok, s)
	vals := []any{Sq{2}, Celsius(1)}
	for _, x := range vals {
		got := reflect.ValueOf(x).Interface()
		sh, ok := got.(Shape)
		fmt.Println(ok, sh)
		_, isStr := got.(fmt.Stringer)
		fmt.Println(isStr)
		switch g := got.(type) {
		case Shape:
			fmt.Println("shape", g.Area())
		case fmt.Stringer:
			fmt.Println("stringer", g.String())
		}
	}
	el := reflect.ValueOf(vals).Index(0).Elem().Interface()
	fmt.Println(el.(Shape).Area())
	fmt.Println(reflect.ValueOf(err).Interface() == NotFound{"k"})
}
