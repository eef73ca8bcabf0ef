package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	next, stop := iter.Pull(count(5))
	defer stop()
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Print(v, " ")
	}
	fmt.Println()
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys)
	next2, stop2 := iter.Pull2(maps.All(map[string]int{"only": 1}))
	k, v, ok := next2()
	fmt.Println(k, v, ok)
	stop2()
	_, _, ok = next2()
	fmt.Println(ok)
	fmt.Println(slices.Collect(count(4)))
}
