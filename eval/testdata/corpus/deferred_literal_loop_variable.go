// A function literal deferred in a loop sees the variables of its own pass, also when it
// assigns them (yaegi patch 221; random program seed 7273): ranges over a string, a
// slice and a channel, a three-clause loop, a write through a nested literal, and the
// changes a literal makes seen by the other literal of the same pass.

package main

import "fmt"

type S struct{ F3 uint }

func seed7273(v uint64) (res S) {
	for k, r := range "ho\x08" {
		defer func() {
			switch {
			case any(res.F3) != any(func() any {
				return v < v
			}()):
				fmt.Printf("L131 %v %d %x\n", v, k, r)
			case false:
				func() {
					r = int32(-6)
				}()
			}
		}()
	}
	return S{11}
}

func str() {
	for _, r := range "ho\x08" {
		defer func() {
			fmt.Printf("str %x\n", r)
			if false {
				r = 5
			}
		}()
	}
}

func slice() {
	for i, x := range []int{1, 2, 3} {
		defer func() {
			fmt.Println("slice", i, x)
			x++
		}()
	}
}

func threeClause() {
	for i := 0; i < 3; i++ {
		defer func() {
			fmt.Println("for", i)
			if false {
				i = 5
			}
		}()
	}
}

func channel() {
	c := make(chan int, 3)
	c <- 4
	c <- 5
	close(c)
	for x := range c {
		defer func() {
			fmt.Println("chan", x)
			x = 0
		}()
	}
}

func shared() {
	for _, x := range []int{10, 20} {
		defer func() { fmt.Println("shared second", x) }()
		defer func() {
			fmt.Println("shared first", x)
			x *= 2
		}()
		x++
	}
}

func main() {
	seed7273(11)
	str()
	slice()
	threeClause()
	channel()
	shared()
}
