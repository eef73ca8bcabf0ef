package main

import (
	"fmt"
	"strings"
)

type Matrix [][]float64

func (m Matrix) Format(f fmt.State, verb rune) {
	prec, ok := f.Precision()
	if !ok {
		prec = 1
	}
	switch verb {
	case 'v', 's':
		rows := make([]string, len(m))
		for i, r := range m {
			cells := make([]string, len(r))
			for j, x := range r {
				cells[j] = fmt.Sprintf("%.*f", prec, x)
			}
			rows[i] = strings.Join(cells, " ")
		}
		if f.Flag('+') {
			fmt.Fprintf(f, "%dx%d\n", len(m), len(m[0]))
		}
		fmt.Fprint(f, strings.Join(rows, "\n"))
	case 'd':
		fmt.Fprintf(f, "Matrix(%d rows)", len(m))
	default:
		fmt.Fprintf(f, "%%!%c(Matrix)", verb)
	}
}

type Hex uint32

func (h Hex) Format(f fmt.State, verb rune) {
	w, hasW := f.Width()
	s := fmt.Sprintf("%x", uint32(h))
	if hasW {
		for len(s) < w {
			s = "0" + s
		}
	}
	if f.Flag('#') {
		s = "0x" + s
	}
	f.Write([]byte(s))
}

func main() {
	m := Matrix{{1, 2.5}, {3.25, 4}}
	fmt.Printf("%v\n", m)
	fmt.Printf("%.3v\n", m)
	fmt.Printf("%+v\n", m)
	fmt.Printf("%d|%x\n", m, m)
	fmt.Println(m)
	fmt.Printf("%v %8v %#8v %#v\n", Hex(255), Hex(255), Hex(48879), Hex(1))
	fmt.Println(fmt.Sprint(Hex(16)), []Hex{10, 11})
}
