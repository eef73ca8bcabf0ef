package main

import (
	"fmt"
	"sort"
)

type P struct{ N int }

func (p P) Get() int { return p.N }

type G interface{ Get() int }

type Holder struct{ items []G }

var saved [][]G

func collect(xs ...G) { saved = append(saved, xs) }

func wrap(p P) G { return p }

func main() {
	ch := make(chan G, 3)
	h := Holder{items: make([]G, 3)}
	var fromWrap []G
	var structs []struct{ g G }
	for i, p := range []P{{1}, {2}, {3}} {
		ch <- p
		h.items[i] = p
		collect(p)
		fromWrap = append(fromWrap, wrap(p))
		structs = append(structs, struct{ g G }{p})
	}
	close(ch)
	for g := range ch {
		fmt.Print(g.Get(), " ")
	}
	fmt.Println()
	for i := range h.items {
		fmt.Print(h.items[i].Get(), saved[i][0].Get(), fromWrap[i].Get(), structs[i].g.Get(), " ")
	}
	fmt.Println()
	x := P{10}
	gs := []G{x}
	x.N = 20
	gs = append(gs, x)
	fmt.Println(gs[0].Get(), gs[1].Get())
	arr := [2]G{}
	for i := range 2 {
		v := P{i * 100}
		arr[i] = v
		v.N = -1
	}
	fmt.Println(arr[0].Get(), arr[1].Get())
	keys := []int{}
	for _, g := range h.items {
		keys = append(keys, -g.Get())
	}
	sort.Ints(keys)
	fmt.Println(keys)
	var fs []func() int
	for _, p := range []P{{7}, {8}} {
		var g G = p
		fs = append(fs, g.Get)
	}
	fmt.Println(fs[0](), fs[1]())
}
