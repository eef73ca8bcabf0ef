package main

import "fmt"

func idGen(prefix string) func() string {
	n := 0
	return func() string {
		n++
		return fmt.Sprintf("%s-%03d", prefix, n)
	}
}

func pipeline(fs ...func(int) int) func(int) int {
	return func(x int) int {
		for _, f := range fs {
			x = f(x)
		}
		return x
	}
}

func partial(f func(a, b, c int) int, a int) func(int, int) int {
	return func(b, c int) int { return f(a, b, c) }
}

func main() {
	users, orders := idGen("usr"), idGen("ord")
	fmt.Println(users(), users(), orders(), users())
	p := pipeline(
		func(x int) int { return x + 1 },
		func(x int) int { return x * x },
		func(x int) int { return -x },
	)
	fmt.Println(p(2), p(-1), pipeline()(9))
	vol := func(a, b, c int) int { return a * b * c }
	area := partial(vol, 1)
	fmt.Println(area(3, 4), partial(vol, 2)(3, 4))
	var fs [3]func() int
	for i := range fs {
		fs[i] = func() int { return i * i }
	}
	fmt.Println(fs[0](), fs[1](), fs[2]())
	type counter struct{ inc func() int }
	mk := func() counter {
		c := 0
		return counter{func() int { c += 2; return c }}
	}
	c1 := mk()
	c1.inc()
	fmt.Println(c1.inc(), mk().inc())
}
