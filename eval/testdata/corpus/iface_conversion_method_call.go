package main

import (
	"fmt"
	"strconv"
)

// A method called on the conversion of a value to an interface, I(v).M(), in plain and
// generic code (yaegi patch 143).

type myint int

func (m myint) String() string { return "myint " + strconv.Itoa(int(m)) }

type Stringer interface{ String() string }

type P struct{ n int }

func (p *P) String() string { return "P " + strconv.Itoa(p.n) }

type W struct{ myint }

func direct(v myint) string { return Stringer(v).String() }

func stringify[T Stringer](s []T) (ret []string) {
	for _, v := range s {
		x1 := v.String()
		x2 := Stringer(v).String()
		f1 := T.String
		x3 := f1(v)
		f2 := func(v1 T) string { return Stringer(v1).String() }
		x4 := f2(v)
		if x1 != x2 || x2 != x3 || x3 != x4 {
			panic(fmt.Sprintf("mismatched values %v, %v, %v, %v", x1, x2, x3, x4))
		}
		ret = append(ret, x1)
	}
	return ret
}

func main() {
	fmt.Println(direct(3))
	fmt.Println(stringify([]myint{1, 2}))
	fmt.Println(Stringer(&P{4}).String(), fmt.Stringer(myint(5)).String())
	fmt.Println(Stringer(W{6}).String())
	s := Stringer(myint(7))
	fmt.Println(s.String(), s == Stringer(myint(7)), s == myint(7))
	fmt.Println(interface{ String() string }(myint(8)).String())
}
