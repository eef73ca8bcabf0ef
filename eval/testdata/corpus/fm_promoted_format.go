// Format, GoString and String promoted from embedded fields, of the program's types and of
// compiled ones (*big.Int, time.Time).
package main

import (
	"fmt"
	"math/big"
	"time"
)

type Unit struct{ Sym string }

func (u Unit) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "[%s]", u.Sym) }

type Meters struct {
	Unit
	N float64
}

type Tagged struct {
	*Unit
	Tag string
}

type Num struct {
	*big.Int
}

type Stamp struct {
	time.Time
}

type Hidden struct{ s string }

func (h Hidden) GoString() string { return "Hidden{...}" }

type Box struct {
	Hidden
	W int
}

func main() {
	m := Meters{Unit{"m"}, 3}
	fmt.Println(m, m.Unit, m.N)
	fmt.Printf("%v %+v %d %#v\n", m, m, m, m)
	t := Tagged{&Unit{"kg"}, "x"}
	fmt.Println(t, []Tagged{t})
	n := Num{big.NewInt(12345)}
	fmt.Printf("%v %x %08d %s\n", n, n, n, n)
	s := Stamp{time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)}
	fmt.Println(s)
	fmt.Printf("%#v\n", s)
	b := Box{Hidden{"secret"}, 2}
	fmt.Printf("%#v %v %+v\n", b, b, b)
	fmt.Printf("%#v\n", []Box{b})
}
