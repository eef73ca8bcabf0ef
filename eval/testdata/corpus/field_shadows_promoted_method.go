// A selector names the shallowest field or method of its name, as the Go spec says: a
// field beside an embedded type whose method has the field's name hides the method
// (Go's test fixedbugs/bug372.go), a field one level down hides a method two levels
// down, and a method hides a deeper field (yaegi patch 175: a field's depth was counted
// one too deep, so the first two were refused as "ambiguous selector").

package main

import (
	"fmt"
	"strings"
)

type T struct{}

func (T) m() string { return "T.m" }

type TT struct {
	T
	m func() string
}

type X struct{}

func (X) m() string { return "X.m" }

func (*X) p() string { return "X.p" }

type T2 struct{ X }

type Inner struct {
	m int
	p string
}

type U struct {
	Inner
	T2
}

type Deep struct{ m string }

type Mid struct{ Deep }

type V struct {
	Mid
	T
}

type B struct {
	*strings.Builder
	Len int
}

func main() {
	var tt TT
	tt.m = func() string { return "field" }
	fmt.Println(tt.m(), tt.T.m())

	u := &U{Inner{7, "field p"}, T2{}}
	fmt.Println(u.m, u.p, u.T2.m(), u.T2.p())

	v := V{Mid{Deep{"deep field"}}, T{}}
	fmt.Println(v.m(), v.Mid.m)

	b := B{&strings.Builder{}, 42}
	b.WriteString("abc")
	fmt.Println(b.Len, b.Builder.Len())
}
