package main

import "fmt"

type Stack struct{ items []int }

func (s *Stack) Push(v int) *Stack { s.items = append(s.items, v); return s }

func (s *Stack) Pop() int {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}

var trace []string

func val(name string, v int) int {
	trace = append(trace, name)
	return v
}

func main() {
	a := []int{0, 0, 0}
	i := 0
	i, a[i] = 1, 9
	fmt.Println(i, a)
	a[i], i = 7, 2
	fmt.Println(i, a)
	x, y := 1, 2
	x, y = y, x
	fmt.Println(x, y)
	p, q := &x, &y
	*p, *q = *q, *p
	fmt.Println(x, y)
	a[0], a[1], a[2] = a[2], a[0], a[1]
	fmt.Println(a)

	m := map[string]int{}
	m[fmt.Sprint(val("key", 1))] = val("value", 2)
	fmt.Println(m, trace)
	trace = nil
	fmt.Println(val("a", 1)+val("b", 2)*val("c", 3), trace)

	s := &Stack{}
	s.Push(1).Push(2).Push(3)
	top, next := s.Pop(), s.Pop()
	fmt.Println(top, next, s.items)
	s.Push(10)
	diff := s.Pop() - s.Pop()
	fmt.Println(diff, len(s.items))

	arr := [3]int{1, 2, 3}
	j := 0
	for j, arr[j] = range []int{5, 6} {
	}
	fmt.Println(j, arr)
	k := 1
	k, arr[k] = arr[k], k
	fmt.Println(k, arr)
	var n int
	ptr := &n
	n, *ptr = 3, 4
	fmt.Println(n)
}
