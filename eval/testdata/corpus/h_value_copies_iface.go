package main

import "fmt"

type Vec struct{ X, Y int }

type Poly struct {
	Pts  [3]Vec
	Name string
	Tags []string
}

func bump(p Poly) Poly {
	p.Pts[0].X += 100
	p.Name += "!"
	p.Tags[0] = "shared"
	return p
}

func main() {
	v := Vec{1, 2}
	var i any = v
	v.X = 99
	fmt.Println(i, v)
	arr := [2]int{1, 2}
	var j any = arr
	arr[0] = 50
	fmt.Println(j, arr)
	m := map[string][2]int{}
	m["a"] = arr
	arr[1] = 60
	fmt.Println(m["a"], arr)
	list := []Vec{}
	list = append(list, v)
	v.Y = -1
	fmt.Println(list, v)
	ch := make(chan Vec, 1)
	ch <- v
	v.X = 0
	fmt.Println(<-ch, v)
	p := Poly{Name: "tri", Tags: []string{"t"}}
	q := bump(p)
	fmt.Println(p.Pts[0].X, p.Name, p.Tags, q.Pts[0].X, q.Name)
	ps := []Poly{p, p}
	for _, pp := range ps {
		pp.Name = "changed"
		pp.Pts[1].Y = 7
	}
	fmt.Println(ps[0].Name, ps[1].Pts[1].Y)
	for k := range ps {
		ps[k].Pts[1].Y = 7
	}
	fmt.Println(ps[0].Pts[1].Y, p.Pts[1].Y)
	mv := map[string]Vec{"k": {1, 1}}
	tmp := mv["k"]
	tmp.X = 42
	fmt.Println(mv["k"], tmp)
	a1 := [2]Vec{{1, 1}, {2, 2}}
	a2 := a1
	a2[0].X = 9
	fmt.Println(a1, a2, a1 == a2)
	var ifs []any
	for n := 0; n < 3; n++ {
		vv := Vec{n, n}
		ifs = append(ifs, vv, &vv)
		vv.X = 100
	}
	fmt.Println(ifs[0], ifs[2], *ifs[1].(*Vec), ifs[4].(Vec).X)
	s := struct{ A [2]int }{[2]int{1, 2}}
	t := s
	t.A[0] = 5
	fmt.Println(s, t)
	xs := []int{1, 2, 3}
	xi, xj := 0, 2
	xs[xi], xs[xj] = xs[xj], xs[xi]
	fmt.Println(xs)
	k := 0
	k, xs[k] = 2, 100
	fmt.Println(k, xs)
	a, b := 1, 2
	a, b = b, a+b
	fmt.Println(a, b)
}
