package main

import (
	"fmt"
	"io"
	"strings"
)

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64 { return s.S * s.S }

type Named interface{ Name() string }

type ID int

func try(name string, f func()) {
	defer func() { fmt.Printf("%s: %v\n", name, recover()) }()
	f()
}

func main() {
	try("missing method", func() { var x any = Sq{2}; _ = x.(Named) })
	try("nil iface", func() { var x any; _ = x.(Shape) })
	try("nil iface2", func() { var s Shape; _ = s.(Sq) })
	try("wrong concrete", func() { var s Shape = Sq{1}; _ = s.(interface{ Name() string }) })
	try("named int", func() { var x any = ID(3); _ = x.(int) })
	try("int to named", func() { var x any = 3; _ = x.(ID) })
	try("ptr", func() { var x any = &Sq{1}; _ = x.(Sq) })
	try("compiled", func() { var r io.Reader = strings.NewReader("x"); _ = r.(io.Writer) })
	try("shift", func() { n := -1; _ = 1 << n })
	try("makeslice", func() { n := -5; _ = make([]int, n) })
	try("makecap", func() { n := 10; _ = make([]int, n, 5) })
	try("slice3", func() { s := make([]int, 3, 5); i, j, k := 1, 4, 6; _ = s[i:j:k] })
	try("str", func() { s := "héllo"; i := 10; _ = s[i:] })
	try("arr ptr nil", func() { var p *[3]int; _ = p[1] })
	try("nil map read ok", func() { var m map[string]int; fmt.Print(m["x"], " ") })
	try("conversion", func() { s := []int{1, 2}; _ = [4]int(s) })
	try("custom error", func() { panic(fmt.Errorf("wrapped: %w", io.EOF)) })
}
