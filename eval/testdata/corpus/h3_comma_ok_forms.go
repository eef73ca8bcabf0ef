package main

import (
	"fmt"
	"sort"
	"strings"
)

type Shape interface{ Area() float64 }

type Rect struct{ W, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }

type Inventory struct {
	stock map[string]int
	price map[string]float64
}

func (inv Inventory) Quote(item string, qty int) string {
	have, ok := inv.stock[item]
	p, priced := inv.price[item]
	switch {
	case !ok:
		return fmt.Sprintf("%s: unknown (have=%d, price=%.2f, priced=%v)", item, have, p, priced)
	case have < qty:
		return fmt.Sprintf("%s: only %d left", item, have)
	}
	return fmt.Sprintf("%s: %d x %.2f = %.2f", item, qty, p, p*float64(qty))
}

func main() {
	inv := Inventory{
		stock: map[string]int{"apple": 5, "pear": 1},
		price: map[string]float64{"apple": 0.5, "pear": 0.75},
	}
	for _, item := range []string{"apple", "kiwi", "pear", "mango"} {
		fmt.Println(inv.Quote(item, 2))
	}

	aliases := map[string][]string{"go": {"golang"}, "js": {"javascript", "ecmascript"}}
	langs := []string{"go", "rust", "js", "zig"}
	for _, l := range langs {
		names, ok := aliases[l]
		fmt.Printf("%-4s %v %d %v\n", l, names, len(names), ok)
	}

	shapes := map[string]Rect{"door": {1, 2}, "tile": {0.5, 0.5}}
	var s Shape
	var found bool
	total := 0.0
	for _, k := range []string{"door", "window", "tile"} {
		s, found = shapes[k]
		total += s.Area()
		fmt.Println(k, found, s.Area())
	}
	fmt.Println("total", total)

	seen := map[string]bool{}
	var dups []string
	for _, w := range strings.Fields("a b a c b a") {
		if already, _ := seen[w]; already {
			dups = append(dups, w)
		}
		seen[w] = true
	}
	sort.Strings(dups)
	fmt.Println(dups)

	var last any = "start"
	counts := map[rune]int{'x': 2}
	for _, r := range "xyx" {
		last, _ = counts[r]
		fmt.Print(last, " ")
	}
	fmt.Println()
}
