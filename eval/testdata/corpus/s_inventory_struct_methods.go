package main

import (
	"fmt"
)

type Product struct {
	SKU   string
	Name  string
	Price float64
	Stock int
}

type Inventory struct {
	products map[string]*Product
}

func (inv *Inventory) Add(p Product) {
	if inv.products == nil {
		inv.products = map[string]*Product{}
	}
	inv.products[p.SKU] = &p
}

func (inv *Inventory) Sell(sku string, n int) error {
	p, ok := inv.products[sku]
	if !ok {
		return fmt.Errorf("unknown sku %q", sku)
	}
	if p.Stock < n {
		return fmt.Errorf("only %d of %s left", p.Stock, p.Name)
	}
	p.Stock -= n
	return nil
}

func (inv *Inventory) Value() float64 {
	v := 0.0
	for _, p := range inv.products {
		v += p.Price * float64(p.Stock)
	}
	return v
}

func main() {
	var inv Inventory
	inv.Add(Product{"A1", "widget", 2.5, 10})
	inv.Add(Product{"B2", "gadget", 10, 3})
	fmt.Println(inv.Sell("A1", 4), inv.Sell("B2", 5), inv.Sell("C3", 1))
	fmt.Printf("%.2f\n", inv.Value())
}
