package main

import (
	"fmt"
	"sort"
	"strings"
)

// An instance of a generic function, compiled at its first call, defers or passes on
// a function declared further on in the source (yaegi patch 138).

type I interface{ M() }

func F[P I](p P) {
	defer catch()
	p.M()
}

func G[T any](v T) {
	defer later("deferred", v)
	later("direct", v)
	func() { defer later("in closure", v) }()
	f := later[T]
	f("value", v)
	done := make(chan bool)
	go func() {
		defer close(done)
		later("goroutine", v)
	}()
	<-done
}

func S[T any](xs []T) []T {
	sort.Slice(xs, func(i, j int) bool { return less(xs[i], xs[j]) })
	return xs
}

func main() {
	F[I](nil)
	G(1)
	G("two")
	fmt.Println(S([]string{"b", "c", "a"}))
}

func later[T any](s string, v T) {
	fmt.Println("later:", s, v)
}

func less[T any](a, b T) bool { return fmt.Sprint(a) < fmt.Sprint(b) }

func catch() {
	err := recover()
	if err, ok := err.(error); ok && strings.Contains(err.Error(), "nil pointer dereference") {
		fmt.Println("caught:", err)
		return
	}
	fmt.Println("FAIL", err)
}
