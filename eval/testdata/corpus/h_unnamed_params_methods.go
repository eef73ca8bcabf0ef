package main

import (
	"fmt"
	"sort"
	"strings"
)

type Num float64

func (n Num) Eval(map[string]float64) (float64, error) { return float64(n) * 2, nil }

type Box struct{ v int }

func (b Box) Get(int, string) int { t := b.v + 1; return t }

func (b *Box) Set(_ int, v int) { b.v = v }

type Evaler interface {
	Eval(map[string]float64) (float64, error)
}

func ignore(string, int) string { return "ignored" }

func main() {
	fmt.Println(Num(2).Eval(nil))
	var e Evaler = Num(4)
	fmt.Println(e.Eval(map[string]float64{"x": 1}))
	b := &Box{3}
	b.Set(0, 9)
	fmt.Println(b.Get(1, "a"), ignore("s", 1))
	f := func(int, string) string { s := "lit"; return s }
	fmt.Println(f(1, "x"))
	fmt.Println(strings.Map(func(rune) rune { return 'x' }, "abc"))
	xs := []int{3, 1, 2}
	sort.Slice(xs, func(i, _ int) bool { return xs[i] < 2 })
	g := b.Get
	fmt.Println(g(0, ""), len(xs))
}
