package main

import (
	"fmt"
)

type Line struct {
	Item  string
	Price float64
	Qty   int
}

type Cart struct{ Lines []Line }

func (c *Cart) Add(item string, price float64, qty int) {
	for i := range c.Lines {
		if c.Lines[i].Item == item {
			c.Lines[i].Qty += qty
			return
		}
	}
	c.Lines = append(c.Lines, Line{item, price, qty})
}

func (c Cart) Total() (total float64) {
	for _, l := range c.Lines {
		total += l.Price * float64(l.Qty)
	}
	return
}

func main() {
	var c Cart
	c.Add("apple", 0.5, 4)
	c.Add("bread", 2.25, 1)
	c.Add("apple", 0.5, 2)
	for _, l := range c.Lines {
		fmt.Printf("%-6s %2d x %5.2f\n", l.Item, l.Qty, l.Price)
	}
	fmt.Printf("total %.2f\n", c.Total())
}
