package main

import "fmt"

type T struct{ n int }

func (t T) get() int { return t.n }

func main() {
	bad := 0
	for i := 0; i < 150000; i++ {
		f := func() int { return i }
		g := T{i}.get
		h := func() int { return -i }
		if f()+h() != 0 || f() != g() {
			bad++
		}
		_ = make([]byte, 256)
	}
	fmt.Println("bad", bad)
}
