package main

import "fmt"

func g(i int) int { return i + 1 }

func r1() interface{} { return g }

func r2() (interface{}, int) { return g, 1 }

func rf() func(int) int { return g }

type box struct{ v any }

func show(v any) {
	f, ok := v.(func(int) int)
	fmt.Printf("%T %v", v, ok)
	if ok {
		fmt.Print(" ", f(1))
	}
	fmt.Println()
}

func showAll(vs ...any) {
	for _, v := range vs {
		show(v)
	}
}

func main() {
	var x any = g
	show(x)
	show(g)
	show(r1())
	a, _ := r2()
	show(a)
	show(rf())
	y := []any{g}
	show(y[0])
	var z any
	z = g
	show(z)
	m := map[string]any{"g": g}
	show(m["g"])
	show(box{g}.v)
	showAll(g, 1, g)
	y = append(y, g)
	show(y[1])
	c := make(chan any, 1)
	c <- g
	show(<-c)
	fmt.Printf("%T\n", g)
	switch v := any(g).(type) {
	case func(int) int:
		fmt.Println("switch", v(2))
	default:
		fmt.Println("switch default")
	}
	show(func() any { return g }())
}
