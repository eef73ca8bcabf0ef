package main

import "fmt"

type Inner struct{ Vals [3]int }
type Outer struct {
	Name  string
	In    Inner
	Ptr   *Inner
	Slice []int
	M     map[string]int
}

func modify(o Outer) {
	o.Name = "changed"
	o.In.Vals[0] = 100
	o.Ptr.Vals[0] = 100
	o.Slice[0] = 100
	o.M["k"] = 100
}

func modifyP(o *Outer) { o.Name = "viaPtr"; o.In.Vals[1] = 7 }

func main() {
	o := Outer{Name: "orig", Ptr: &Inner{}, Slice: []int{1, 2}, M: map[string]int{}}
	modify(o)
	fmt.Println(o.Name, o.In.Vals, o.Ptr.Vals, o.Slice, o.M)
	modifyP(&o)
	fmt.Println(o.Name, o.In.Vals)
	arr := [2]Inner{}
	arr2 := arr
	arr2[0].Vals[0] = 5
	fmt.Println(arr, arr2, arr == arr2)
	items := []Inner{{}, {}}
	for _, it := range items {
		it.Vals[0] = 9
	}
	fmt.Println(items)
	for i := range items {
		items[i].Vals[0] = 9
	}
	fmt.Println(items)
	m := map[string]Inner{"a": {}}
	v := m["a"]
	v.Vals[2] = 3
	fmt.Println(m, v)
	m["a"] = v
	fmt.Println(m)
	pm := map[string]*Inner{"a": {}}
	pm["a"].Vals[1] = 4
	fmt.Println(*pm["a"])
	s := []int{1, 2, 3, 4}
	t := s[:2]
	t = append(t, 99)
	fmt.Println(s, t, len(t), cap(t))
	u := s[:2:2]
	u = append(u, 77)
	fmt.Println(s, u)
	x := o
	x.Slice = append(x.Slice, 5)
	x.Slice[1] = -1
	fmt.Println(o.Slice, x.Slice)
	type pair struct{ a, b *int }
	n := 1
	p1 := pair{&n, &n}
	p2 := p1
	*p2.a = 50
	fmt.Println(*p1.b, p1 == p2)
	anon := struct {
		X int
		Y []string
	}{1, []string{"q"}}
	cp := anon
	cp.X = 2
	cp.Y[0] = "z"
	fmt.Printf("%+v %+v\n", anon, cp)
}
