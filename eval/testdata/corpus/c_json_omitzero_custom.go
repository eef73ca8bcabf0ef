package main

import (
	"encoding/json"
	"fmt"
)

type Money struct {
	Amount   int64
	Currency string
}

type Range struct{ Lo, Hi int }

type Listing struct {
	Title    string          `json:"title"`
	Price    Money           `json:"price,omitzero"`
	Discount *Money          `json:"discount,omitempty"`
	Sizes    Range           `json:"sizes,omitzero"`
	Colors   []string        `json:"colors,omitzero"`
	Ratings  [3]int          `json:"ratings,omitzero"`
	Extra    any             `json:"extra,omitempty"`
	Weight   float64         `json:"weight,omitzero"`
	Flags    map[string]bool `json:"flags,omitempty"`
}

func main() {
	show := func(l Listing) {
		b, err := json.Marshal(l)
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Println(string(b))
	}
	show(Listing{Title: "bare"})
	show(Listing{Title: "priced", Price: Money{1999, "EUR"}, Colors: []string{}})
	show(Listing{Title: "full", Price: Money{500, "USD"}, Discount: &Money{}, Sizes: Range{1, 5},
		Colors: []string{"red"}, Ratings: [3]int{0, 0, 1}, Extra: 0, Weight: -0.0, Flags: map[string]bool{}})
	var back Listing
	err := json.Unmarshal([]byte(`{"title":"in","price":{"Amount":5,"Currency":"GBP"},"ratings":[4,5]}`), &back)
	fmt.Printf("%v %+v %v %v\n", err, back.Price, back.Ratings, back.Colors == nil)
}
