// A Money type formats itself for %v, %s, %d and %+v, honouring the width.
package main

import (
	"fmt"
	"strings"
)

type Money struct {
	Cents    int64
	Currency string
}

func (m Money) Format(f fmt.State, verb rune) {
	var s string
	switch verb {
	case 'v', 's':
		s = fmt.Sprintf("%d.%02d", m.Cents/100, m.Cents%100)
		if f.Flag('+') {
			s = m.Currency + " " + s
		}
	case 'd':
		s = fmt.Sprint(m.Cents)
	default:
		fmt.Fprintf(f, "%%!%c(Money=%d)", verb, m.Cents)
		return
	}
	if w, ok := f.Width(); ok && len(s) < w {
		pad := strings.Repeat(" ", w-len(s))
		if f.Flag('-') {
			s += pad
		} else {
			s = pad + s
		}
	}
	f.Write([]byte(s))
}

type Line struct {
	Item  string
	Price Money
	Qty   int
}

type Invoice struct {
	Lines []Line
	Total *Money
	notes Money
}

func main() {
	m := Money{12345, "EUR"}
	fmt.Printf("%v|%s|%d|%+v|%x\n", m, m, m, m, m)
	fmt.Printf("[%10v][%-10v][%+12v]\n", m, m, m)
	fmt.Println(m, &m)
	fmt.Print(m, "\n")
	s := fmt.Sprintf("%v", []Money{{1, "USD"}, {250, "USD"}})
	fmt.Println(s)
	fmt.Println(map[string]Money{"a": {100, "GBP"}, "b": {7, "GBP"}})
	l := Line{"tea", Money{350, "EUR"}, 2}
	fmt.Printf("%v\n%+v\n", l, l)
	fmt.Printf("%#v\n", l)
	inv := Invoice{Lines: []Line{l}, Total: &Money{700, "EUR"}, notes: Money{1, "EUR"}}
	fmt.Printf("%v\n", inv.Lines)
	fmt.Printf("%v %v\n", *inv.Total, inv.notes)
	fmt.Printf("%+v\n", inv.notes)
	var anys = []any{m, 3, "x", Money{5, "JPY"}}
	fmt.Println(anys...)
	fmt.Println(anys)
	fmt.Printf("%v|%6d|%T\n", anys[0], m, m)
	err := fmt.Errorf("cost %v too high", m)
	fmt.Println(err)
	var sb strings.Builder
	fmt.Fprintf(&sb, "<%v>", m)
	fmt.Println(sb.String())
	fmt.Println(fmt.Sprint(m) == "123.45", len(fmt.Sprintf("%8v", m)))
}

type Wallet struct {
	Name string
	cash Money
}

func init() {
	w := Wallet{"ann", Money{500, "EUR"}}
	fmt.Println(w)
	fmt.Printf("%+v %#v\n", w, w)
	fmt.Printf("%v\n", []Wallet{w})
}
