// Slicing past the capacity panics with Go's runtime error.
package main

import "fmt"

func try(f func()) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		fmt.Println(ok, err)
	}()
	f()
}

func main() {
	s := make([]int, 3, 5)
	n := 6
	try(func() { _ = s[:n] })
	try(func() { _ = s[4 : 2+len(s)-4] })
	try(func() { _ = s[2 : n-2 : 4+n-6] })
	lo := 4
	try(func() { _ = "hello"[lo:n] })
	fmt.Println(len(s[:5]))
}
