package main

import "fmt"

type Status int

const (
	Pending Status = iota
	Shipped
	Delivered
)

func (s Status) String() string {
	switch s {
	case Pending:
		return "pending"
	case Shipped:
		return "shipped"
	case Delivered:
		return "delivered"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

type Order struct {
	ID     int
	Status Status
	Tags   []string
}

func main() {
	o := Order{ID: 7, Status: Shipped, Tags: []string{"gift"}}
	fmt.Println(o)
	fmt.Printf("%v\n", o)
	fmt.Printf("%+v\n", o)
	fmt.Println([]Status{Pending, Delivered, Status(9)})
	m := map[Status]int{Shipped: 2, Pending: 5}
	fmt.Println(m)
	fmt.Printf("%d %s %q\n", o.Status, o.Status, o.Status)
	orders := []Order{{1, Pending, nil}, {2, Delivered, []string{"a", "b"}}}
	fmt.Println(orders)
	ptr := &orders[1]
	fmt.Printf("%v\n", ptr)
}
