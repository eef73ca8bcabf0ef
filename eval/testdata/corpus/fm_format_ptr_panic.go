// Format with a pointer receiver, Format methods that print nested cell values with
// fmt.Fprintf, and Format/GoString/String methods that panic or get a nil receiver.
package main

import (
	"errors"
	"fmt"
)

type Celsius float64

func (c Celsius) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v', 's', 'f':
		fmt.Fprintf(f, fmt.FormatString(f, 'f')+"°C", float64(c))
	default:
		fmt.Fprintf(f, fmt.FormatString(f, verb), float64(c))
	}
}

type Reading struct {
	Where string
	Temp  Celsius
}

func (r *Reading) Format(f fmt.State, verb rune) {
	if r == nil {
		fmt.Fprint(f, "no reading")
		return
	}
	if f.Flag('+') {
		fmt.Fprintf(f, "%s: %+.1v", r.Where, r.Temp)
		return
	}
	fmt.Fprintf(f, "%s=%v", r.Where, r.Temp)
}

type Boom struct{ N int }

func (b Boom) Format(f fmt.State, verb rune) {
	if b.N == 0 {
		panic("zero boom")
	}
	fmt.Fprintf(f, "boom%d", b.N)
}

type Bad struct{}

func (Bad) GoString() string { panic(errors.New("no go syntax")) }
func (Bad) String() string   { panic(fmt.Sprintf("bad %d", 7)) }

type Node struct {
	Val  int
	Next *Node
}

func (n *Node) String() string { return fmt.Sprintf("%d->%v", n.Val, n.Next) }

type V struct{ X int }

func (v V) Format(f fmt.State, c rune) { fmt.Fprintf(f, "V%d", v.X) }

func main() {
	r := Reading{"lab", 21.456}
	fmt.Println(r.Temp, &r)
	fmt.Printf("%.2f|%8.1v|%e|%d\n", r.Temp, r.Temp, r.Temp, r.Temp)
	fmt.Printf("%v\n%+v\n", &r, &r)
	fmt.Println(r)
	fmt.Println([]*Reading{&r, nil})
	fmt.Println([]Reading{r})
	var nr *Reading
	fmt.Printf("%v|%s\n", nr, nr)
	fmt.Println(Boom{1}, Boom{0})
	fmt.Printf("%d %x|\n", Boom{0}, []Boom{{2}, {0}})
	fmt.Printf("%#v\n", Bad{})
	fmt.Printf("%v|%s\n", Bad{}, []Bad{{}})
	var vp *V
	fmt.Println(vp)
	fmt.Printf("[%8v]\n", vp)
	var n *Node
	fmt.Println(n)
	fmt.Println(&Node{1, &Node{2, nil}})
	fmt.Println(map[string]*Reading{"k": &r})
}
