package main

import "fmt"

// Lookups of a key whose dynamic type is not comparable panic, whatever is kept of the
// result: Go evaluates `_, _ = m[k]` too.
func panics(name string, f func()) {
	defer func() { fmt.Println(name, "panicked:", recover() != nil) }()
	f()
}

func main() {
	m := map[interface{}]int{1: 10}
	k := []int{}
	panics("index", func() { _ = m[k] })
	panics("comma-ok", func() { _, _ = m[k] })
	panics("comma-ok value", func() { v, _ := m[k]; fmt.Println(v) })
	panics("delete", func() { delete(m, k) })
	panics("func key", func() { _, _ = m[func() {}] })
	var nilMap map[any]bool
	panics("nil map", func() { _, _ = nilMap[map[int]int{}] })
	panics("hashable", func() { _, _ = m[1]; _, _ = m[[2]int{}] })
	v, ok := m[1]
	fmt.Println(v, ok, len(m))
}
