package main

import (
	"fmt"
	"iter"
)

// A function literal deferred in the body of a range-over-func loop sees the variables
// of the loops around it as the body leaves them (a closure of each pass's own
// variables), while the arguments written in the defer statement are evaluated when it
// runs.

func words() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, w := range []string{"a", "b"} {
			if !yield(w) {
				return
			}
		}
	}
}

type acc struct{ n int }

func (a *acc) add(k int) { fmt.Println("add", k, a.n) }

func closures() {
	for s := range words() {
		ch := make(chan int, 2)
		ch <- 5
		ch <- 7
		close(ch)
		for x := range ch {
			defer func() {
				fmt.Println("closure", s, x)
			}()
			x *= 3
		}
		s += "!"
	}
}

func arguments() {
	for s := range words() {
		for i := range 2 {
			defer fmt.Println("argument", s, i)
			defer func(v int, t string) {
				fmt.Println("parameters", v, t, i)
			}(i, s)
			i += 10
			s += "?"
		}
	}
}

func receivers() {
	a := &acc{}
	for s := range words() {
		defer a.add(len(s))
		a.n++
	}
}

func nested() {
	for s := range words() {
		for t := range words() {
			defer func() { fmt.Println("nested", s, t) }()
			t = t + t
		}
		s = "<" + s + ">"
	}
}

func main() {
	closures()
	arguments()
	receivers()
	nested()
}
