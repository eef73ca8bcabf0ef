package main

import (
	"errors"
	"fmt"
	"io"
)

type Code int
type Msg struct{ Text string }
type PtrT struct{ n int }

var ErrA = errors.New("a")

func main() {
	var a, b any = 1, 1
	fmt.Println(a == b, a == any(int64(1)), a == any(1.0))
	var e1, e2 error = ErrA, errors.New("a")
	fmt.Println(e1 == e2, e1 == ErrA, e1.Error() == e2.Error())
	var m1, m2 any = Msg{"x"}, Msg{"x"}
	fmt.Println(m1 == m2, m1 != any(Msg{"y"}))
	p := &PtrT{1}
	var p1, p2 any = p, p
	var p3 any = &PtrT{1}
	fmt.Println(p1 == p2, p1 == p3)
	var r io.Reader
	var w io.Writer
	fmt.Println(r == nil, w == nil, any(r) == any(w))
	var nilp *PtrT
	var ip any = nilp
	fmt.Println(ip == nil, ip == any((*PtrT)(nil)))
	set := map[any]int{}
	set[1]++
	set["1"]++
	set[1.0]++
	set[Msg{"k"}]++
	set[Msg{"k"}]++
	set[[2]int{1, 2}]++
	fmt.Println(len(set), set[Msg{"k"}], set[1])
	vals := []any{1, "a", Msg{"m"}, nil, 2.5, true}
	for i, v := range vals {
		for j := i + 1; j < len(vals); j++ {
			if v == vals[j] {
				fmt.Println("dup", i, j)
			}
		}
	}
	fmt.Println(any(Code(1)) == any(Code(1)), Code(1) == 1)
	defer func() { fmt.Println("panic:", recover()) }()
	var s1, s2 any = []int{1}, []int{1}
	fmt.Println(s1 == s2)
}
