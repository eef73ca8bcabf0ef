package main

import (
	"fmt"
	"sort"
	"strings"
)

type Vec struct{ X, Y float64 }

func (v Vec) Add(o Vec) Vec       { return Vec{v.X + o.X, v.Y + o.Y} }
func (v Vec) Scale(k float64) Vec { return Vec{v.X * k, v.Y * k} }
func (v *Vec) Norm()              { l := v.X*v.X + v.Y*v.Y; v.X, v.Y = v.X/l, v.Y/l }
func (v Vec) String() string      { return fmt.Sprintf("<%g,%g>", v.X, v.Y) }

type Op struct {
	Name string
	Fn   func(Vec, Vec) Vec
}

func main() {
	add := Vec.Add
	scale := Vec.Scale
	norm := (*Vec).Norm
	a, b := Vec{1, 2}, Vec{3, 4}
	fmt.Println(add(a, b), scale(a, 3))
	c := Vec{2, 0}
	norm(&c)
	fmt.Println(c)
	ops := []Op{
		{"add", Vec.Add},
		{"sub", func(p, q Vec) Vec { return p.Add(q.Scale(-1)) }},
		{"mid", func(p, q Vec) Vec { return p.Add(q).Scale(0.5) }},
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].Name > ops[j].Name })
	for _, op := range ops {
		fmt.Println(op.Name, op.Fn(a, b))
	}
	strOps := map[string]func(string) string{
		"upper": strings.ToUpper,
		"trim":  strings.TrimSpace,
		"title": func(s string) string { return strings.ToUpper(s[:1]) + s[1:] },
	}
	keys := []string{"trim", "title", "upper"}
	s := "  hello  "
	for _, k := range keys {
		s = strOps[k](s)
		fmt.Printf("%s:%q ", k, s)
	}
	fmt.Println()
	bound := a.Add
	a = Vec{100, 100}
	fmt.Println(bound(b), a.Add(b))
	var sf fmt.Stringer = b
	str := sf.String
	fmt.Println(str())
	fs := []func(Vec) string{Vec.String, func(v Vec) string { return fmt.Sprint(v.X) }}
	for _, f := range fs {
		fmt.Print(f(b), " ")
	}
	fmt.Println()
}
