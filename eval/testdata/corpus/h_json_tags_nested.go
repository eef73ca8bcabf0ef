package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Item struct {
	SKU      string   `json:"sku"`
	Qty      int      `json:"qty"`
	Price    float64  `json:"price"`
	Tags     []string `json:"tags"`
	Discount *float64 `json:"discount,omitempty"`
}

type Order struct {
	ID       int `json:"id,string"`
	Customer struct {
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"customer"`
	Items  []Item         `json:"items"`
	Extra  map[string]any `json:"extra"`
	Notes  string         `json:",omitempty"`
	Hidden bool           `json:"-"`
	Dash   int            `json:"-,"`
}

func main() {
	in := `{"id":"42","customer":{"name":"Ann","email":"a@x"},"items":[{"sku":"A","qty":2,"price":1.25,"tags":null},{"sku":"B","qty":1,"price":10,"discount":0.1,"tags":["x"]}],"extra":{"gift":true,"n":3},"Hidden":true,"-":5}`
	var o Order
	if err := json.Unmarshal([]byte(in), &o); err != nil {
		fmt.Println("err", err)
		return
	}
	fmt.Println(o.ID, o.Customer.Name, len(o.Items), o.Items[0].Tags == nil, *o.Items[1].Discount, o.Hidden, o.Dash)
	fmt.Println(o.Extra["gift"], o.Extra["n"])
	total := 0.0
	for _, it := range o.Items {
		p := it.Price * float64(it.Qty)
		if it.Discount != nil {
			p *= 1 - *it.Discount
		}
		total += p
	}
	fmt.Printf("%.2f\n", total)
	o.Notes = "rush"
	out, _ := json.Marshal(o)
	fmt.Println(string(out))
	dec := json.NewDecoder(strings.NewReader(`{"sku":"Z","qty":1,"bogus":1}`))
	dec.DisallowUnknownFields()
	var it Item
	fmt.Println(dec.Decode(&it))
	var nums []int
	fmt.Println(json.Unmarshal([]byte(`[1, 2.5]`), &nums), nums)
	var raw map[string]json.RawMessage
	json.Unmarshal([]byte(`{"a":{"b":1},"c":[1,2]}`), &raw)
	fmt.Println(string(raw["a"]), string(raw["c"]))
	b, _ := json.Marshal(map[string]any{"html": "<b>&</b>", "f": 1.0, "big": 1e21, "nil": nil})
	fmt.Println(string(b))
	var f any
	d2 := json.NewDecoder(strings.NewReader(`123456789012345678`))
	d2.UseNumber()
	d2.Decode(&f)
	fmt.Printf("%v %T\n", f, f)
}
