// Named slice and map types of predeclared types through conversions, calls, results,
// channels, struct fields, maps of them, append and slicing: each keeps its type.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Ints []int
type Nums []int
type Grid [][]int
type Index map[string][]int
type Attrs map[string]any
type Graph map[int][]int
type Bag map[string]int

func sum(xs Ints) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func mk() Ints { return []int{4, 5} }

func plain(xs []int) []int { return xs }

func (b Bag) Total() (n int) {
	for _, v := range b {
		n += v
	}
	return
}

func (b *Bag) Reset() { *b = Bag{} }

type holder struct {
	I Ints
	M Bag
}

func main() {
	a := Ints{1, 2, 3}
	n := Nums(a)
	fmt.Printf("%T %T %v %v\n", a, n, sum(a), sum([]int{7}))
	r := mk()
	fmt.Printf("%T %v\n", r, r)
	p := plain(a)
	fmt.Printf("%T %v\n", p, p)
	var any1 any = plain(a)
	_, isInts := any1.(Ints)
	fmt.Println("plain is Ints:", isInts)
	any1 = a
	_, isNums := any1.(Nums)
	_, isInts = any1.(Ints)
	fmt.Println(isNums, isInts)
	g := Grid{{1, 2}, {3}}
	g = append(g, []int{4})
	fmt.Printf("%T %v %d\n", g, g, len(g[0]))
	idx := Index{}
	idx["a"] = append(idx["a"], 1, 2)
	fmt.Printf("%T %v\n", idx, idx)
	at := Attrs{"n": 1, "s": "x", "l": Ints{1}}
	fmt.Printf("%v %T\n", at["n"], at["l"])
	keys := make([]string, 0, len(at))
	for k := range at {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println(strings.Join(keys, ","))
	gr := Graph{1: {2, 3}, 2: {3}}
	fmt.Println(gr[1], len(gr))
	b := Bag{"x": 2, "y": 3}
	fmt.Println(b.Total())
	b.Reset()
	fmt.Println(len(b), b)
	h := holder{I: Ints{9}, M: Bag{"q": 1}}
	fmt.Printf("%v %+v\n", h, h)
	fmt.Printf("%#v\n", h)
	hs := []holder{h}
	fmt.Printf("%v\n", hs)
	m := map[string]Ints{"a": {1}}
	fmt.Printf("%T %v\n", m, m)
	ptr := &Ints{1, 2}
	fmt.Printf("%T %v\n", ptr, *ptr)
	keyed := map[any]int{}
	keyed[Ints(nil) == nil] = 1
	keyed[len(a)] = 2
	fmt.Println(len(keyed))
	var ifaces []fmt.Stringer
	fmt.Println(len(ifaces))
	ch := make(chan Ints, 1)
	ch <- a
	got := <-ch
	fmt.Printf("%T %v\n", got, got)
	fn := func(xs ...int) Ints { return xs }
	fmt.Printf("%T %v\n", fn(1, 2), fn(1, 2))
	a2 := append(Ints(nil), a...)
	a2[0] = 100
	fmt.Println(a, a2)
	arr := [2]Ints{{1}, {2}}
	fmt.Printf("%T %v\n", arr, arr)
	var s fmt.Stringer
	fmt.Println(s == nil)
	x, y := a[:1], a[1:]
	fmt.Printf("%T %T\n", x, y)
	sort.Sort(sort.Reverse(sort.IntSlice(a)))
	fmt.Println(a)
	eq := fmt.Sprint(a) == fmt.Sprint([]int{3, 2, 1})
	fmt.Println(eq)
}
