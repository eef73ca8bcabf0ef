package main

import (
	"errors"
	"fmt"
)

type Point struct{ X, Y int }

type Inner struct {
	Tags []string
	M    map[string]int
}

type Outer struct {
	Name  string
	In    Inner
	Ptr   *Point
	Err   error
	Any   any
	Bytes []byte
}

func main() {
	p := Point{1, -2}
	o := Outer{Name: "o", In: Inner{[]string{"a", "b"}, map[string]int{"z": 1, "a": 2}}, Ptr: &p, Err: errors.New("bad"), Any: 3.5, Bytes: []byte("hi")}
	fmt.Printf("%v\n%+v\n", o.In, o.In)
	fmt.Printf("%v %+v\n", *o.Ptr, o.Err)
	fmt.Printf("%v|%s|%q|%x\n", o.Bytes, o.Bytes, o.Bytes, o.Bytes)
	fmt.Printf("%5d|%-5d|%05d|%+d|%x|%X|%o|%O|%b\n", 42, 42, 42, 42, -255, 255, 8, 8, 5)
	fmt.Printf("%8.3f|%-8.2f|%08.3f|%+.1e\n", 3.14159, 2.5, -1.5, 12345.678)
	fmt.Printf("%s|%10s|%-10s|%.2s|%q\n", "go", "right", "left", "truncate", "q\"s")
	fmt.Printf("%c|%U|%q|%d\n", 'G', 'G', 'G', 'G')
	fmt.Printf("%t|%v|%5t\n", true, false, true)
	fmt.Printf("%[2]d %[1]d %[2]d\n", 1, 2)
	fmt.Printf("%*d|%-*d|%.*f\n", 5, 7, 4, 8, 2, 3.14159)
	fmt.Printf("%d %s\n", "str", 5)
	fmt.Printf("%d\n")
	fmt.Printf("%d %d\n", 1, 2, 3)
	fmt.Printf("%v %v\n", []any{1, "a", nil}, map[int]bool{2: true, 1: false})
	fmt.Printf("%x %X\n", "hello", []int{10, 255})
	fmt.Printf("%6.2f%%\n", 99.5)
	fmt.Printf("%v %d\n", [3]bool{true}, []int32{1, 2})
	fmt.Printf("%q\n", []string{"a b", "c"})
	fmt.Printf("%T %T %T %T\n", o.Any, o.Err, o.In.M, struct{ A int }{})
	fmt.Printf("%v|%+v\n", struct {
		A *int
		B []int
	}{}, struct{ P *Point }{})
	fmt.Println(fmt.Sprint("a", 1, 2, "b", "c", 3.0, nil))
	fmt.Println(fmt.Sprintln("x", 1) + "|")
	var np *Point
	fmt.Printf("%v %+v\n", np, np)
	fmt.Printf("%e %g %.3g %g\n", 1e6, 1e6, 1234.5678, 1e-5)
}
