package main

import (
	"fmt"
	"strings"
)

type Base struct{ ID int }

func (b Base) Describe() string { return fmt.Sprintf("base#%d", b.ID) }
func (b Base) Kind() string     { return "base" }

type Mid struct {
	Base
	Tag string
}

func (m Mid) Kind() string { return "mid:" + m.Base.Kind() }

type Top struct {
	*Mid
	Extra []string
}

type Kinder interface{ Kind() string }

func label[T Kinder](xs ...T) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, x.Kind())
	}
	return strings.Join(parts, ",")
}

func classify(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case Top:
		return "top " + x.Tag
	case *Mid:
		return "midptr " + x.Describe()
	case Mid:
		return "mid " + x.Describe()
	case interface{ Describe() string }:
		return "describer " + x.Describe()
	case []Kinder:
		return fmt.Sprint("kinders ", len(x))
	case map[string]Base:
		return fmt.Sprint("map ", len(x))
	case func() int:
		return fmt.Sprint("func ", x())
	}
	return "unknown"
}

func Max[T interface{ ~int | ~string }](a, b T) T {
	if a > b {
		return a
	}
	return b
}

type Score int

func main() {
	m := Mid{Base{1}, "t"}
	t := Top{&m, nil}
	fmt.Println(t.Kind(), t.Describe(), t.ID, t.Base.Kind())
	fmt.Println(label(m, m), label[Kinder](m, Base{2}, t))
	for _, v := range []any{nil, t, &m, m, Base{3}, []Kinder{m}, map[string]Base{}, func() int { return 7 }, 3} {
		fmt.Println(classify(v))
	}
	fmt.Println(Max(Score(3), 9), Max("a", "b"))
	fmt.Printf("%T %T\n", Max(Score(3), 9), t.Mid)
	t.ID = 42
	fmt.Println(m.ID, m.Describe())
	var k Kinder = t
	if d, ok := k.(interface{ Describe() string }); ok {
		fmt.Println("also", d.Describe())
	}
}
