package main

import (
	"fmt"
	"strings"
)

// A failed assertion to an interface names the first method, in the runtime's order
// (exported names first, then by name), that the dynamic type lacks.

type S struct{ A int }

func (s S) M1(x int16) int { return int(x) }

func (s *S) M3() {}

func (s S) Other() {}

type I interface {
	M1(int16) int
	M2(int16, string)
}

type J interface {
	M1(int16) int
	M3()
}

type K interface {
	M1(int16) string
	M3()
}

type Mixed interface {
	a()
	M1(int16) int
	Zed()
}

type Reader interface {
	Read([]byte) (int, error)
	Len() int
	Zap()
}

type Other interface{ Other() }

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func main() {
	var g any = S{}
	try("second method", func() { _ = g.(I) })
	try("pointer method on a value", func() { _ = g.(J) })
	var p any = &S{}
	try("pointer has it", func() { _ = p.(J).(I) })
	try("signature differs", func() { _ = p.(K) })
	try("exported first", func() { _ = g.(Mixed) })
	var r any = strings.NewReader("x")
	try("compiled type", func() { _ = r.(Reader) })
	var o Other = S{}
	try("from a non-empty interface", func() { _ = o.(I) })
	try("literal interface", func() {
		_ = g.(interface {
			M1(int16) int
			M9()
		})
	})
	type L struct{ S }
	var l any = L{}
	try("local type", func() { _ = l.(I) })
	_, ok := g.(I)
	fmt.Println("comma ok:", ok)
}
