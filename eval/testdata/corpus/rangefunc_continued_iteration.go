package main

// A range-over-func loop whose iterator ignores yield's false and calls it again panics
// with the runtime's error, as Go's loops do, instead of running the body once more: after
// a break, a return, a labeled continue or break of an outer loop, and (a yield function
// kept and called after the loop ended) after the loop's end. Iterators that stop when
// told run as before.

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
)

func good(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func bad(yield func(int, string) bool) {
	yield(1, "a")
	yield(2, "b")
}

func find() (int, string) {
	for i, s := range bad {
		if i == 1 {
			return i, s
		}
	}
	return -1, ""
}

func nested() (out []int) {
outer:
	for i := range good(3) {
		for j := range good(3) {
			if j == 2 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			out = append(out, i*10+j)
		}
	}
	return
}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panicked:", r)
		}
	}()
	f()
}

var saved func(int) bool

func keep(yield func(int) bool) {
	saved = yield
	yield(1)
}

func main() {
	try("kept", func() {
		for x := range keep {
			fmt.Println("k", x)
		}
		saved(2)
	})
	func() {
		defer func() {
			r := recover()
			_, ok := r.(runtime.Error)
			fmt.Printf("%T %v\n", r, ok)
		}()
		for range bad {
			break
		}
	}()
	fmt.Println(nested())
	try("find", func() { fmt.Println(find()) })
	try("inner bad", func() {
		for i := range good(2) {
			for range bad {
				break
			}
			fmt.Println("i", i)
		}
	})
	try("labeled", func() {
	L:
		for i := range good(3) {
			for x := range bad {
				if x == 1 {
					continue L
				}
			}
			fmt.Println("unreached", i)
		}
	})
	fmt.Println(slices.Collect(maps.Keys(map[int]bool{1: true})))
	for i := range good(5) {
		if i == 3 {
			break
		}
		fmt.Print(i)
	}
	fmt.Println()
	s := []int{}
	for v := range slices.Values([]int{4, 5, 6}) {
		if v == 5 {
			break
		}
		s = append(s, v)
	}
	fmt.Println(s)
}
