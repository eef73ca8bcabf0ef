package main

import (
	"errors"
	"fmt"
)

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64 { return s.S * s.S }

func main() {
	m := map[string]int{"a": 1}
	var v any
	var ok bool
	v, ok = m["a"]
	fmt.Println(v, ok)
	v, ok = m["zz"]
	fmt.Println(v, ok)
	var x any = 42
	var n any
	n, ok = x.(int)
	fmt.Println(n, ok)
	errCh := make(chan error, 1)
	errCh <- errors.New("from chan")
	var e error
	e, ok = <-errCh
	fmt.Println(e, ok)
	shapes := map[string]Sq{"s": {2}}
	var sh Shape
	sh, ok = shapes["s"]
	fmt.Println(sh.Area(), ok)
	a := []int{1, 2, 3}
	i, j := 1, 1
	a[i], a[j] = a[j], a[i]
	fmt.Println(a)
	ch := make(chan int, 1)
	ch <- 5
	var got int
	got, ok = <-ch
	fmt.Println(got, ok)
	close(ch)
	got, ok = <-ch
	fmt.Println(got, ok)
	var f float64
	var fi any = 2.5
	f, ok = fi.(float64)
	fmt.Println(f, ok)
	counts := map[string][]int{}
	var lst []int
	lst, ok = counts["none"]
	fmt.Println(lst == nil, ok)
	type box struct{ v int }
	bm := map[int]box{1: {10}}
	var b box
	b, ok = bm[1]
	b.v++
	fmt.Println(b, bm[1], ok)
}
