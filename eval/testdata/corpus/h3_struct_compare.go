package main

import "fmt"

type Point struct{ X, Y int }

type Rect struct {
	Min, Max Point
	Label    string
}

type Version struct {
	Major, Minor, Patch int
}

func (v Version) Less(o Version) bool {
	if v.Major != o.Major {
		return v.Major < o.Major
	}
	if v.Minor != o.Minor {
		return v.Minor < o.Minor
	}
	return v.Patch < o.Patch
}

type Node struct {
	Val  int
	Next *Node
}

func main() {
	a := Rect{Point{0, 0}, Point{2, 3}, "r"}
	b := a
	fmt.Println(a == b)
	b.Max.Y = 4
	fmt.Println(a == b, a.Max, b.Max)
	fmt.Println(Point{1, 2} == Point{Y: 2, X: 1}, Point{} == Point{0, 0})
	seen := map[Point]bool{}
	for _, p := range []Point{{1, 1}, {2, 2}, {1, 1}} {
		if seen[p] {
			fmt.Println("dup", p)
		}
		seen[p] = true
	}
	vs := []Version{{1, 2, 3}, {1, 10, 0}, {1, 2, 10}}
	best := vs[0]
	for _, v := range vs[1:] {
		if best.Less(v) {
			best = v
		}
	}
	fmt.Println(best, Version{1, 2, 3} == vs[0])
	n1 := &Node{1, nil}
	n2 := &Node{1, nil}
	fmt.Println(n1 == n2, *n1 == *n2)
	n1.Next = n2
	n3 := Node{1, n2}
	fmt.Println(*n1 == n3)
	anon1 := struct {
		A int
		B string
	}{1, "x"}
	anon2 := struct {
		A int
		B string
	}{1, "x"}
	fmt.Println(anon1 == anon2)
	var i1, i2 any = Point{1, 2}, Point{1, 2}
	fmt.Println(i1 == i2, i1 == any(Rect{}))
	arr1 := [2]Point{{1, 2}, {3, 4}}
	arr2 := arr1
	arr2[1].X = 30
	fmt.Println(arr1 == arr2, arr1 != arr2)
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		var f1, f2 any = []int{1}, []int{1}
		fmt.Println(f1 == f2)
	}()
}
