package main

import (
	"fmt"
	"sync"
)

// A function literal deferred or started as a goroutine in a loop, which changes a
// variable of the loop (the loop's own or one its body declares), changes that
// iteration's variable, as Go's closure does: each deferred call has its own, shared
// with the rest of its iteration's body.

var g int32 = 3

type C struct{ n int }

func (c *C) Inc() { c.n++ }

func runes() {
	for _, r := range "ab" {
		defer func() {
			r *= int32(min(int8(g), int8(-9)))
			g = r
			fmt.Println("r", r, g)
		}()
	}
}

func counters() (total int) {
	for i := 0; i < 3; i++ {
		j := i
		defer func() {
			j++
			i *= 2
			total += j + i
			fmt.Println("j", j, "i", i)
		}()
		j *= 10
	}
	return 0
}

func shared() {
	for _, v := range []int{1, 2} {
		defer func() {
			v++
			fmt.Println("v", v)
		}()
		v *= 10
	}
}

func methods() {
	var cs []*C
	for k := range 2 {
		c := C{k}
		cs = append(cs, &c)
		defer func() {
			c.Inc()
			fmt.Println("c", c.n, *cs[k])
		}()
	}
	var arr [2]int
	for k := range 2 {
		a := arr
		defer func() {
			a[k] = 5
			fmt.Println("a", a)
		}()
	}
}

func goroutines() {
	var wg sync.WaitGroup
	var ps []*int
	for i := 0; i < 3; i++ {
		j := i * 10
		ps = append(ps, &j)
		wg.Add(1)
		go func() {
			defer wg.Done()
			j++
		}()
	}
	wg.Wait()
	for _, p := range ps {
		fmt.Print(*p, " ")
	}
	fmt.Println()
}

func main() {
	runes()
	fmt.Println("g", g)
	fmt.Println("total", counters())
	shared()
	methods()
	goroutines()
}
