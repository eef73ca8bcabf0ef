// %T of values held in interfaces names their dynamic types.
package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type NotFound struct{ Name string }

func (e *NotFound) Error() string { return e.Name + " not found" }

type Temp struct{ Value float64 }

func main() {
	var s fmt.Stringer = Celsius(20)
	fmt.Printf("%T %v\n", s, s)
	var err error = &NotFound{"x"}
	fmt.Printf("%T %v\n", err, err)
	err = errors.New("plain")
	fmt.Printf("%T\n", err)
	var r io.Reader = strings.NewReader("hi")
	fmt.Printf("%T\n", r)
	vals := []any{Temp{1}, &Temp{2}, Celsius(3), []Temp{}, map[string]Celsius{}}
	for _, v := range vals {
		fmt.Printf("%T\n", v)
	}
}
