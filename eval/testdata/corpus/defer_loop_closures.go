// defer inside loops, closures over loop variables in deferred functions, LIFO order.
package main

import "fmt"

type resource struct{ name string }

func (r *resource) Close() { fmt.Println("close", r.name) }

func open(name string) *resource {
	fmt.Println("open", name)
	return &resource{name}
}

func process(names []string) {
	for _, n := range names {
		r := open(n)
		defer r.Close()
	}
	fmt.Println("processing")
}

func main() {
	process([]string{"a", "b", "c"})
	for i := range 3 {
		defer func() { fmt.Println("closure", i) }()
	}
	for i := 0; i < 2; i++ {
		defer fmt.Println("arg", i)
	}
}
