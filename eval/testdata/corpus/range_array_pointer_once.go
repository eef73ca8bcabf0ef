package main

import "fmt"

var calls int

func arr() *[3]int {
	calls++
	return &[3]int{1, 2, 3}
}

func main() {
	s := 0
	for _, v := range arr() {
		s += v
	}
	fmt.Println("value", calls, s)
	for i := range arr() {
		s += i
	}
	fmt.Println("key", calls, s)
	n := 0
	for range arr() {
		n++
	}
	fmt.Println("none", calls, n)
	var nilp *[4]int
	for i := range nilp {
		n += i
	}
	fmt.Println("nil, key only", n)
	p := &[3]int{4, 5, 6}
	for i, v := range p {
		if i == 0 {
			p = &[3]int{7, 8, 9}
		}
		s += v
	}
	fmt.Println("reassigned", s, p[0])
	q := &[3]int{1, 2, 3}
	for i, v := range q {
		q[2] = 30
		s += i * v
	}
	fmt.Println("element changed", s)
	var k, v int
	for k, v = range arr() {
		s += k + v
	}
	fmt.Println("assign", calls, k, v, s)
	for _, v = range arr() {
		s += v
	}
	fmt.Println("assign value", calls, v, s)
	c := make(chan *[2]string, 1)
	c <- &[2]string{"a", "b"}
	for i := range <-c {
		fmt.Println("received", i)
	}
outer:
	for i, w := range arr() {
		for j := range 3 {
			if j == 1 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			fmt.Println("labeled", i, j, w)
		}
	}
	fmt.Println("calls", calls)
	defer func() { fmt.Println("nil value:", recover()) }()
	for i, w := range nilp {
		fmt.Println(i, w)
	}
}
