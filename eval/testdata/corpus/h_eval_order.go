package main

import "fmt"

var trace []string

func t(name string, v int) int {
	trace = append(trace, name)
	return v
}

type S struct{ vals []int }

func (s *S) get(i int) int { trace = append(trace, fmt.Sprint("get", i)); return s.vals[i] }

func main() {
	x := t("a", 1) + t("b", 2)*t("c", 3)
	fmt.Println(x, trace)
	trace = nil
	arr := []int{t("e0", 10), t("e1", 20)}
	m := map[string]int{"k": t("m", 5)}
	fmt.Println(arr, m, trace)
	trace = nil
	s := &S{[]int{7, 8, 9}}
	fmt.Println(s.get(0)+s.get(2), trace)
	trace = nil
	f := func(a, b, c int) int { return a - b - c }
	fmt.Println(f(t("p1", 100), t("p2", 10), t("p3", 1)), trace)
	trace = nil
	cond := t("l", 0) > 0 && t("r", 1) > 0
	cond2 := t("l2", 1) > 0 || t("r2", 1) > 0
	fmt.Println(cond, cond2, trace)
	i := 0
	next := func() int { i++; return i }
	pair := [2]int{next(), next()}
	fmt.Println(pair, i)
	defer func() { fmt.Println("deferred sees", i) }()
	i = 100
}
