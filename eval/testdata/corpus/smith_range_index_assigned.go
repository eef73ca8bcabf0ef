// Assigning the index variable of a range over an array, a slice or an array pointer
// in the body changes no iteration: the position is the loop's own (yaegi patch 126;
// gosmith seed 19 looped for ever).
package main

import "fmt"

type Arr [3]int

func main() {
	a := [3]int{7, 8, 9}
	n := 0
	for i, v := range a {
		fmt.Println("array", i, v)
		i = 0
		if n++; n > 5 {
			break
		}
	}
	n = 0
	s := []string{"x", "y", "z"}
	for i := range s {
		fmt.Println("slice", i)
		i = -1
		if n++; n > 5 {
			break
		}
	}
	n = 0
	p := &Arr{1, 2, 3}
	for i, v := range p {
		fmt.Println("pointer", i, v)
		i, v = 0, 0
		if n++; n > 5 {
			break
		}
	}
	var fs []func()
	for i, v := range []int{4, 5, 6} {
		fs = append(fs, func() { fmt.Println("closure", i, v) })
		if i == 1 {
			i += 10
			continue
		}
	}
	for _, f := range fs {
		f()
	}
	for _, v := range a {
		v = 0
		fmt.Print(v, " ")
	}
	fmt.Println(a)
	k := 0
	for k = range s {
		k = 5
	}
	fmt.Println("outer var", k)
	x, y := 0, ""
	for x, y = range s {
		fmt.Print(x, y, " ")
		x = 100
	}
	fmt.Println("outer pair", x, y)
	m := 0
	for i := range [5]struct{}{} {
		if i%2 == 0 {
			i++
		}
		m += i
	}
	fmt.Println("sum", m)
}
