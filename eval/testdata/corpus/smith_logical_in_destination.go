package main

import "fmt"

// A logical operator in an assignment's destination is evaluated before the values'
// calls, as gc's order pass does: `m[b && c] = f()` with f changing b stores at the key
// from before f (it stored at the new key).

type P struct{ A int }

var b = true

func off() int {
	b = false
	return 7
}

func main() {
	bm := map[bool]int{}
	bm[b && true] = off()
	fmt.Println("assign", bm)

	b = true
	bm = map[bool]int{}
	bm[b || false] += off()
	fmt.Println("op assign", bm)

	b = true
	ms := map[bool][]int{true: {0}, false: {0}}
	ms[b && true][0] = off()
	fmt.Println("element", ms)

	b = true
	ps := map[bool]*P{true: {}, false: {}}
	ps[!b && true].A = off()
	fmt.Println("field", *ps[true], *ps[false])

	b = true
	var n int
	bm = map[bool]int{}
	n, bm[b && true] = 1, off()
	fmt.Println("multiple", n, bm)
}
