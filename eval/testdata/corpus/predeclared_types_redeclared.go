package main

import "fmt"

// Universe type names declared again, as defined types and as aliases: values of
// the program's own types print as Go prints them.

type byte struct {
	Hi, Lo uint16
}

type rune [2]uint16

type int64 = float32

func (b byte) Sum() uint16 { return b.Hi + b.Lo }

func main() {
	b := byte{1, 2}
	fmt.Println(b, b.Sum())
	fmt.Printf("%v %+v %T\n", b, &b, b)
	var r rune
	r[1] = 3
	fmt.Println(r, len(r))
	var f int64 = 1.5
	fmt.Println(f * 2)
	type string struct{ X, Y uint16 }
	s := string{4, 5}
	var a any = s
	if w, ok := a.(string); ok {
		fmt.Println("own string", w.X, w)
	}
	fmt.Printf("%v %T\n", s, s)
}
