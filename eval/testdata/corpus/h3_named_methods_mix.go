package main

import (
	"fmt"
	"sort"
	"strings"
)

type IDs []int

func (ids *IDs) Add(id int) { *ids = append(*ids, id) }
func (ids IDs) Len() int    { return len(ids) }
func (ids IDs) Has(id int) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

type Grid [3][3]rune

func (g *Grid) Set(r, c int, v rune) { g[r][c] = v }
func (g Grid) String() string {
	var sb strings.Builder
	for _, row := range g {
		for _, c := range row {
			if c == 0 {
				c = '.'
			}
			sb.WriteRune(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

type Shape interface {
	Area() float64
	Name() string
}

type Square struct{ S float64 }

func (s Square) Area() float64 { return s.S * s.S }
func (s Square) Name() string  { return "square" }

type Labeled struct {
	Square
	Label string
}

func (l Labeled) Name() string { return l.Label + "(" + l.Square.Name() + ")" }

type Inventory map[string]int

func (inv Inventory) Add(item string, n int) Inventory {
	inv[item] += n
	return inv
}

func (inv Inventory) Sorted() []string {
	keys := make([]string, 0, len(inv))
	for k := range inv {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

type Op func(float64) float64

func (o Op) Then(next Op) Op { return func(x float64) float64 { return next(o(x)) } }

func main() {
	var ids IDs
	ids.Add(3)
	ids.Add(5)
	(&ids).Add(7)
	fmt.Println(ids, ids.Len(), ids.Has(5), ids.Has(4), len(ids))
	more := append(ids, 9)
	fmt.Printf("%v %d\n", more, len(ids))
	var g Grid
	g.Set(1, 1, 'X')
	g.Set(0, 2, 'O')
	fmt.Print(g)
	fmt.Println(g.String() == fmt.Sprint(g))
	shapes := []Shape{Square{2}, Labeled{Square{3}, "big"}}
	for _, s := range shapes {
		fmt.Printf("%s %.0f\n", s.Name(), s.Area())
	}
	area := Shape.Area
	name := Shape.Name
	fmt.Println(area(shapes[1]), name(shapes[1]))
	lname := Labeled.Name
	fmt.Println(lname(Labeled{Square{1}, "tiny"}))
	inv := Inventory{}
	inv.Add("apple", 2).Add("pear", 1).Add("apple", 3)
	fmt.Println(inv.Sorted(), inv["apple"], len(inv))
	double := Op(func(x float64) float64 { return x * 2 })
	inc := Op(func(x float64) float64 { return x + 1 })
	fmt.Println(double.Then(inc)(5), inc.Then(double)(5), double.Then(double).Then(inc)(1))
	var sh Shape = Labeled{Square{2}, "l"}
	if sq, ok := sh.(Square); ok {
		fmt.Println("is square", sq)
	} else {
		fmt.Println("not a bare square")
	}
	if l, ok := sh.(Labeled); ok {
		fmt.Println(l.S, l.Square.S, l.Label)
	}
	type named struct{ Shape }
	n := named{Square{4}}
	fmt.Println(n.Area(), n.Name())
}
