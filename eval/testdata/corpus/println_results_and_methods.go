package main

import "fmt"

// println of a call's several results, and of values of types with methods (printed
// on stderr, as the runtime does).

type myint int

func (myint) foo() {}

type I interface{ foo() }

func two() (int, bool) { return 1, true }

func withErr() (string, error) { return "s", nil }

func f2[T any](x any) (T, bool) {
	t, ok := x.(T)
	return t, ok
}

func g[T I](x I) T { return x.(T) }

func main() {
	println(two())
	print(two())
	println()
	println(withErr())
	var i any = 3
	println(f2[int](i))
	println(f2[string](i))
	var m myint = 4
	println(m, m+1)
	var j I = myint(5)
	println(g[myint](j))
	fmt.Println("done")
}
