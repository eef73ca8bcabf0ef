// A deferred function literal runs on a copy of its frame made at the defer statement
// (yaegi patch 221), sharing the variables: it sees the changes made after the statement
// to variables of every kind, and named results, and its own changes are the function's.

package main

import (
	"errors"
	"fmt"
)

type S struct{ a int }

type I interface{ M() int }

func (s S) M() int { return s.a }

func f1() (r int, err error) {
	x := 1
	var s []int
	m := map[int]int{}
	str := "a"
	var i any = 1
	var iface I = S{1}
	st := S{1}
	p := &S{1}
	arr := [2]int{1, 2}
	fn := func() int { return 1 }
	var e error
	defer func() {
		fmt.Println(x, s, m, str, i, iface.M(), st, *p, arr, fn(), e, r, err)
		r++
	}()
	x = 2
	s = append(s, 5)
	m[1] = 2
	str += "b"
	i = "two"
	iface = S{2}
	st.a = 2
	p = &S{3}
	arr[1] = 9
	fn = func() int { return 2 }
	e = errors.New("boom")
	return 10, e
}

func f2() (r []string) {
	defer func() { r = append(r, "deferred") }()
	for i := range 2 {
		r = append(r, fmt.Sprint(i))
	}
	return r
}

func f3() {
	var total int
	for i := 0; i < 3; i++ {
		defer func() { total += i; fmt.Println("total", total) }()
	}
	total = 100
}

func main() {
	fmt.Println(f1())
	fmt.Println(f2())
	f3()
}
