package main

import (
	"errors"
	"fmt"
)

type Name string

func (n Name) String() string { return "N:" + string(n) }

type Label string
type Code rune
type Flags uint8
type Ratio float64
type On bool
type Bytes []byte
type Pt struct{ X, Y int }
type ID int

func main() {
	l := Label("héllo")
	fmt.Printf("%x|% x|%X|%q|%5.2s|%-7s|%v\n", l, l, l, l, l, l, l)
	fmt.Printf("%c|%U|%q|%d|%x\n", Code('é'), Code('é'), Code('é'), Code('é'), Code(255))
	fmt.Printf("%08b|%o|%#x|%3d|%-4d|%+d\n", Flags(5), Flags(8), Flags(255), Flags(7), Flags(7), Flags(7))
	fmt.Printf("%e|%.2f|%g|%8.3f|%v\n", Ratio(12345.678), Ratio(0.5), Ratio(1e21), Ratio(3.14159), Ratio(2))
	fmt.Printf("%t|%v|%5t\n", On(true), On(false), On(true))
	fmt.Printf("%d\n", Name("x"))
	fmt.Printf("%d %d\n", ID(1))
	fmt.Printf("%d\n", ID(1), Label("extra"))
	fmt.Printf("%d\n", ID(1), Pt{1, 2})
	fmt.Printf("%s|%v|%x\n", Pt{1, 2}, &Pt{3, 4}, Pt{10, 11})
	fmt.Printf("%z %s\n", ID(3), Label("ok"))
	fmt.Printf("%!\n", ID(3))
	fmt.Printf("%[2]v %[1]v\n", Label("a"), ID(2))
	fmt.Printf("%*d|\n", ID(4), 5)
	fmt.Printf("%.*f|\n", 2, Ratio(3.14159))
	fmt.Printf("%v %s %x\n", Bytes("hi"), Bytes("hi"), Bytes("hi"))
	fmt.Printf("%v|%+v|%d\n", []ID{1, 2}, map[Label]ID{"b": 2, "a": 1}, [2]Flags{3, 4})
	fmt.Printf("%6.2v|%-6v|\n", Label("abc"), ID(5))
	fmt.Println(fmt.Sprintf("%05d", ID(-42)), fmt.Sprintf("%x", Name("zz")), fmt.Sprintf("%q", Name("q")))
	var np *Pt
	var ni fmt.Stringer
	fmt.Printf("%v %+v %s %d\n", np, np, ni, ni)
	extras()
}

func extras() {
	fmt.Printf("%T|%v\n", ID(1), Label("x"), Pt{1, 2}, 3, "s", nil)
	s := fmt.Sprintf(`raw %d`, ID(2), Label("y"))
	fmt.Println(s)
	err := fmt.Errorf("wrap %w", errors.New("e"), ID(5))
	fmt.Println(err)
	var p *Pt
	var a any = Label("z")
	fmt.Printf("%d%%\n", 50, p, a)
	fmt.Printf("no verbs\n", Label("q"))
}
