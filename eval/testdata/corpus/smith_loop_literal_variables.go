// A variable declared again in each pass of a loop by a slice, array or map literal or
// by a receive (d := []int{}, v := <-ch) is a new variable each pass: a closure made in
// an earlier pass keeps its own (yaegi patch 122; found with gosmith seed 204).
package main

import (
	"fmt"
	"strings"
)

type P struct{ X int }

func main() {
	var fs []func()
	for j := 0; j < 2; j++ {
		d := []int{}
		d = append(d, j)
		fs = append(fs, func() { fmt.Println("slice", d) })
	}
	for j := 0; j < 2; j++ {
		var d = []string{}
		d = append(d, fmt.Sprint(j))
		fs = append(fs, func() { fmt.Println("var slice", d) })
	}
	for j := 0; j < 2; j++ {
		m := map[int]int{}
		m[j] = j
		fs = append(fs, func() { fmt.Println("map", m) })
	}
	for j := 0; j < 2; j++ {
		a := [2]int{}
		a[0] = j
		fs = append(fs, func() { fmt.Println("array", a) })
	}
	for j := 0; j < 2; j++ {
		p := P{}
		p.X = j
		fs = append(fs, func() { fmt.Println("struct", p) })
	}
	for j := 0; j < 2; j++ {
		b := []strings.Builder{}
		b = append(b, strings.Builder{})
		k := j
		fs = append(fs, func() { fmt.Println("bin slice", len(b), k) })
	}
	ch := make(chan int, 2)
	ch <- 5
	ch <- 6
	for j := 0; j < 2; j++ {
		v := <-ch
		fs = append(fs, func() { fmt.Println("recv", v) })
	}
	for j := 0; j < 2; j++ {
		s := []int{}
		p := &s
		*p = append(*p, j)
		fs = append(fs, func() { fmt.Println("through pointer", s) })
	}
	for _, f := range fs {
		f()
	}
}
