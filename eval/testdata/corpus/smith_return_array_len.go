// A return of len or cap of an array (a constant of the array's type, patch 155) returns
// it: the return took it for a call that stores into the result, and returned 0 (yaegi
// patch 127; gosmith seeds 78, 362 once patch 155 was merged).
package main

import "fmt"

type S struct{ A int }

func g() ([2]S, int) { return [2]S{}, 1 }

func f() int {
	a, _ := g()
	return len(a)
}

func f2() int {
	var a [3]int
	return len(a)
}

func f3() (n int) {
	var a [3]int
	return len(a)
}

func main() {
	fmt.Println(f(), f2(), f3())
	fmt.Println(f4())
	fmt.Println(f5(), f6())
}

func f4() (int, int) {
	var a [3]int
	return len(a), cap(a)
}

func f5() int {
	var a [3]int
	x := 0
	x = len(a)
	y := len(a)
	return x + y
}

func f6() int {
	p := &[4]int{}
	return len(p)
}
