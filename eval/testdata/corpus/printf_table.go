// A formatted report: padding, alignment, totals and percentages.
package main

import "fmt"

type Line struct {
	Item  string
	Qty   int
	Price float64
}

func main() {
	lines := []Line{{"widget", 3, 2.5}, {"gadget", 10, 0.99}, {"doohickey", 1, 12}}
	fmt.Printf("%-10s %5s %8s\n", "item", "qty", "total")
	sum := 0.0
	for _, l := range lines {
		t := float64(l.Qty) * l.Price
		sum += t
		fmt.Printf("%-10s %5d %8.2f\n", l.Item, l.Qty, t)
	}
	fmt.Printf("%-10s %5s %8.2f\n", "sum", "", sum)
	for _, l := range lines {
		fmt.Printf("%s: %.1f%%\n", l.Item, 100*float64(l.Qty)*l.Price/sum)
	}
	fmt.Printf("%v\n", lines[0])
	fmt.Printf("%+v\n", lines[1])
}
