// slog.Value and slog.Attr of the program's types print with fmt as in Go (unresolved
// LogValuers as the value, Any values through their String method).
package main

import (
	"fmt"
	"log/slog"
)

type Tagged struct{ Tag string }

func (t Tagged) LogValue() slog.Value { return slog.StringValue("#" + t.Tag) }

type Temp float64

func (t Temp) String() string { return "T!" }

func main() {
	v := slog.AnyValue(Tagged{"x"})
	fmt.Println(v, v.Kind(), v.Resolve(), v.String())
	w := slog.AnyValue(Temp(2))
	fmt.Println(w, w.Kind(), w.String())
	a := slog.Any("k", Tagged{"y"})
	fmt.Println(a, a.String())
	g := slog.Group("g", "t", Temp(1), "n", 2)
	fmt.Println(g)
}
