package main

import "fmt"

type Money int64

func (m Money) String() string {
	sign := ""
	if m < 0 {
		sign = "-"
		m = -m
	}
	return fmt.Sprintf("%s$%d.%02d", sign, m/100, m%100)
}

type Item struct {
	Name  string
	Price Money
	Qty   int
}

func main() {
	items := []Item{{"apple", 125, 3}, {"watermelon", 499, 1}, {"fig", 75, 12}}
	fmt.Printf("%-12s|%8s|%4s\n", "item", "price", "qty")
	var total Money
	for _, it := range items {
		fmt.Printf("%-12s|%8v|%4d\n", it.Name, it.Price, it.Qty)
		total += it.Price * Money(it.Qty)
	}
	fmt.Printf("%-12s|%8v|\n", "total", total)
	fmt.Printf("%v %s %d\n", Money(-1050), Money(5), Money(5))
	fmt.Printf("[%6.2f] [%-8.3e] [%+d] [%x] [%X] [%o] [%b]\n", 3.14159, 1234.5678, 42, 255, 255, 8, 5)
	fmt.Printf("[%q] [%-5q] [%x] [% x] [%U]\n", "go", 'x', "hi", "hi", '⌘')
	fmt.Printf("[%5t] [%v] [%08.3f] [%+.2e]\n", true, nil, -3.5, 0.000123)
	fmt.Printf("%[2]d %[1]d %d\n", 1, 2)
	fmt.Printf("%d %s\n", "str", 5)
	fmt.Printf("%!\n")
	fmt.Printf("%d\n")
	fmt.Printf("%d\n", 1, 2)
}
