package main

import (
	"fmt"
	"iter"
	"strings"
)

type Tree struct {
	Left, Right *Tree
	Val         int
}

func (t *Tree) Insert(v int) *Tree {
	if t == nil {
		return &Tree{Val: v}
	}
	if v < t.Val {
		t.Left = t.Left.Insert(v)
	} else {
		t.Right = t.Right.Insert(v)
	}
	return t
}

func (t *Tree) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		t.walk(yield)
	}
}

func (t *Tree) walk(yield func(int) bool) bool {
	if t == nil {
		return true
	}
	return t.Left.walk(yield) && yield(t.Val) && t.Right.walk(yield)
}

func Enumerate[T any](s iter.Seq[T]) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for v := range s {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

func Lines(s string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, l := range strings.Split(s, "\n") {
			if !yield(i+1, l) {
				return
			}
		}
	}
}

func Fib() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

func main() {
	var t *Tree
	for _, v := range []int{5, 3, 8, 1, 4, 9, 7} {
		t = t.Insert(v)
	}
	for v := range t.All() {
		fmt.Print(v, " ")
	}
	fmt.Println()
	for i, v := range Enumerate(t.All()) {
		if i == 4 {
			break
		}
		fmt.Print(i, "=", v, " ")
	}
	fmt.Println()
	for n, l := range Lines("alpha\nbeta\ngamma") {
		if n == 2 {
			continue
		}
		fmt.Println(n, l)
	}
	sum := 0
	for f := range Fib() {
		if f > 100 {
			break
		}
		sum += f
	}
	fmt.Println(sum)
	for i := range 3 {
		fmt.Print(i)
	}
	fmt.Println()
	found := -1
outer:
	for i, v := range Enumerate(Fib()) {
		for d := range 10 {
			if v > 0 && v%10 == d && d == 7 {
				found = i
				break outer
			}
		}
	}
	fmt.Println(found)
	res := func() int {
		for v := range t.All() {
			if v > 4 {
				return v * 10
			}
		}
		return -1
	}()
	fmt.Println(res)
}
