package main

import "fmt"

// An assignment operator on a map entry (m[k] op= f()): gc calls f first, then reads
// the map and the key once, and stores into the entry it read.

func main() {
	// f changes the entry itself: the new value is the operand.
	m := map[int]int{0: 1}
	m[0] += func() int { m[0] = 10; return 1 }()
	fmt.Println(m[0])

	// f changes the map variable and the key: the entry read and written is the new one.
	one := map[int]int{0: 1}
	two := map[int]int{0: 2}
	x := one
	k := 0
	x[k] += func() int { x = two; k = 1; return 5 }()
	fmt.Println(one, two)

	// Go's test fixedbugs/issue21687.go: read and store the same map.
	a := map[int]int{0: 1}
	b := map[int]int{0: 2}
	y := a
	y[0] *= func() int { y = b; return 3 }()
	fmt.Println(a[0], b[0])

	// String concatenation and a call in the key, in lexical order.
	order := ""
	s := map[string]string{"k": "v"}
	key := func() string { order += "key "; return "k" }
	s[key()] += func() string { order += "value"; return "w" }()
	fmt.Println(s, order)

	// Without a call: unchanged.
	c := map[string]int{}
	for _, w := range []string{"a", "b", "a"} {
		c[w] += 2
		c[w] <<= 1
	}
	fmt.Println(c)
}
