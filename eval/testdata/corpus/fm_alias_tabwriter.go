// Formatters through a type alias, a Stringer embedded as an interface field, tabwriter,
// fmt.Append and Appendf.
package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

type Money int64

func (m Money) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, "$%d.%02d", int64(m)/100, int64(m)%100)
}

type Cash = Money

type Wrap struct{ fmt.Stringer }

type Name string

func (n Name) String() string { return "N:" + string(n) }

type Row struct {
	Item  string
	Price Cash
}

func main() {
	var c Cash = 150
	fmt.Println(c, []Cash{1})
	w := Wrap{Name("x")}
	fmt.Println(w)
	fmt.Printf("%v %s\n", w, w)
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	for _, r := range []Row{{"tea", 350}, {"cake", 1200}} {
		fmt.Fprintf(tw, "%s\t%v\t\n", r.Item, r.Price)
	}
	tw.Flush()
	b := fmt.Appendf(nil, "[%v]", Money(5))
	b = fmt.Append(b, Money(6), " ", Name("y"))
	fmt.Println(string(b))
	fm := Money.Format
	_ = fm
	fmt.Printf("%v|%6v|%-6v|\n", Money(1), Name("a"), Name("b"))
}
