package main

import (
	"fmt"
	"strings"
)

type tracer struct {
	depth int
	log   []string
}

func (t *tracer) enter(name string) string {
	t.log = append(t.log, strings.Repeat("  ", t.depth)+"enter "+name)
	t.depth++
	return name
}

func (t *tracer) exit(name string) {
	t.depth--
	t.log = append(t.log, strings.Repeat("  ", t.depth)+"exit "+name)
}

func work(t *tracer, n int) {
	defer t.exit(t.enter(fmt.Sprint("work", n)))
	if n > 0 {
		work(t, n-1)
	}
}

type point struct{ x, y int }

func (p point) show(tag string) { fmt.Println(tag, p.x, p.y) }

func values() (result int) {
	x := 1
	defer fmt.Println("deferred x =", x)
	p := point{1, 2}
	defer p.show("value recv:")
	pp := &p
	defer func() { fmt.Println("closure sees", pp.x, x) }()
	for i := 0; i < 3; i++ {
		defer func(n int) { result += n }(i * 10)
	}
	x = 42
	p.x = 9
	return x
}

func main() {
	t := &tracer{}
	work(t, 2)
	fmt.Println(strings.Join(t.log, "\n"))
	fmt.Println("result", values())
	s := []int{1, 2, 3}
	func() {
		defer fmt.Println("slice at defer", s, len(s))
		s = append(s, 4)
		s[0] = 100
	}()
}
