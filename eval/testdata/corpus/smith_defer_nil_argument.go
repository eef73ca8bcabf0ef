// A deferred call with a nil argument (defer fmt.Println("x", nil)): the rewrite bound
// the argument to a variable (a := nil, no Go), and the interpreter failed to compile
// the cell ("CFG post-order panic: nil reflect type"; gosmith seeds 436, 803).
package main

import "fmt"

type S struct{ A int }

func show(p *S, m map[string]int, e error) { fmt.Println("show", p == nil, m == nil, e == nil) }

func loop() {
	for _, r := range "ab" {
		switch r > 'a' {
		case false:
			defer fmt.Println("D20", nil, r)
		}
	}
}

func counted() {
	for i := 0; i < 2; i++ {
		defer fmt.Println("D", i, nil)
		defer show(nil, nil, nil)
	}
}

func (s S) M(x any, p *int) { fmt.Println("M", s.A, x, p == nil) }

func methods() {
	s := S{4}
	defer s.M(nil, nil)
	s.A = 5
}

func main() {
	defer fmt.Println("main", nil)
	loop()
	counted()
	methods()
}
