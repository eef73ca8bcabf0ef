package main

import "fmt"

type P struct{ N int }

func (p *P) String() string { return fmt.Sprintf("P<%d>", p.N) }

type Safe struct{ N int }

func (s *Safe) String() string {
	if s == nil {
		return "Safe<nil>"
	}
	return "Safe"
}

type Bad struct{}

func (b Bad) String() string { panic("bad stringer") }

func main() {
	var np *P
	var ns *Safe
	fmt.Println(np, ns)
	fmt.Printf("%v|%s|%d\n", np, ns, np)
	fmt.Println(Bad{})
	fmt.Printf("%s|%v\n", Bad{}, []Bad{{}})
	type T struct{ N int }
	var tp *T
	fmt.Printf("%v|%s|%d|%x|%#x|%t|%5d|%p\n", tp, tp, tp, tp, tp, tp, tp, tp)
}
