// Values of the program's types inside []any, map[string]any and []error values that are
// themselves held in an any (decoded-JSON style data, generic containers).
package main

import (
	"errors"
	"fmt"
)

type P struct {
	Name string
	age  int
}

type V struct{ X int }

func (v V) Format(f fmt.State, c rune) { fmt.Fprintf(f, "V%d", v.X) }

type Color int

func (c Color) String() string { return [...]string{"red", "green"}[c] }

type E struct{ code int }

func (e E) Error() string { return fmt.Sprintf("E%d", e.code) }

func describe(v any) string { return fmt.Sprintf("%v|%+v", v, v) }

func main() {
	var a any = []any{P{"d", 4}, V{2}, Color(1), nil, 3}
	fmt.Printf("%+v\n", a)
	fmt.Println(a)
	fmt.Printf("%#v\n", a)
	var m any = map[string]any{"k": V{3}, "c": Color(0), "l": []any{Color(1)}}
	fmt.Println(m)
	fmt.Printf("%#v\n", m)
	var errs any = []error{E{1}, errors.New("plain"), nil}
	fmt.Println(errs)
	fmt.Println(describe([]any{P{"x", 1}}), describe(map[Color]any{1: V{5}}))
	var arr any = [2]any{V{7}, P{"y", 2}}
	fmt.Printf("%v %+v\n", arr, arr)
	nested := []any{map[string]any{"in": []any{V{8}}}}
	var n any = nested
	fmt.Println(n, len(fmt.Sprint(n)))
	var ps any = []P{{"z", 9}}
	fmt.Printf("%v %+v %#v\n", ps, ps, ps)
	var pm any = map[string]P{"k": {"w", 1}}
	fmt.Printf("%+v\n", pm)
}
