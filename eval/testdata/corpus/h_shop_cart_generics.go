package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Money int

func (m Money) String() string { return fmt.Sprintf("$%d.%02d", m/100, m%100) }

type Line struct {
	SKU  string
	Qty  int
	Unit Money
}

func (l Line) Total() Money { return Money(l.Qty) * l.Unit }

type Cart struct {
	lines []Line
	promo map[string]func(Money) Money
}

func (c *Cart) Add(sku string, qty int, unit Money) *Cart {
	i := slices.IndexFunc(c.lines, func(l Line) bool { return l.SKU == sku })
	if i >= 0 {
		c.lines[i].Qty += qty
		return c
	}
	c.lines = append(c.lines, Line{sku, qty, unit})
	return c
}

func SumBy[T any, N ~int | ~float64](xs []T, f func(T) N) N {
	var s N
	for _, x := range xs {
		s += f(x)
	}
	return s
}

func (c *Cart) Total(code string) Money {
	t := SumBy(c.lines, Line.Total)
	if p, ok := c.promo[code]; ok {
		t = p(t)
	}
	return t
}

func main() {
	c := &Cart{promo: map[string]func(Money) Money{
		"TENOFF": func(m Money) Money { return m - m/10 },
		"FLAT5":  func(m Money) Money { return max(m-500, 0) },
	}}
	c.Add("apple", 3, 45).Add("pear", 1, 120).Add("apple", 2, 45)
	slices.SortFunc(c.lines, func(a, b Line) int { return cmp.Compare(b.Total(), a.Total()) })
	for _, l := range c.lines {
		fmt.Printf("%-6s x%d %6v %6v\n", l.SKU, l.Qty, l.Unit, l.Total())
	}
	for _, code := range []string{"", "TENOFF", "FLAT5", "BOGUS"} {
		fmt.Printf("%-7q %v\n", code, c.Total(code))
	}
	qty := SumBy(c.lines, func(l Line) int { return l.Qty })
	avg := SumBy(c.lines, func(l Line) float64 { return float64(l.Unit) }) / float64(len(c.lines))
	fmt.Println(qty, avg, strings.Repeat("-", 5))
	fmt.Println(c.lines, Money(5))
}
