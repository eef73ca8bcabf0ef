// Values in []any checked against interfaces their embedded fields provide.
package main

import (
	"fmt"
	"strings"
)

type Base struct{ ID int }

func (b Base) Key() string      { return fmt.Sprintf("id-%d", b.ID) }
func (b *Base) SetID(id int)    { b.ID = id }
func (b Base) Describe() string { return "base " + b.Key() }

type User struct {
	Base
	Name string
}

type Order struct {
	*Base
	Items []string
}

func (o Order) Describe() string { return "order of " + strings.Join(o.Items, "+") }

type Keyed interface{ Key() string }

type Describer interface{ Describe() string }

func main() {
	u := User{Base{1}, "ann"}
	o := Order{&Base{2}, []string{"tea", "jam"}}
	things := []any{u, &u, o, &o, Base{3}, "text", 42}
	for i, t := range things {
		k, isKeyed := t.(Keyed)
		d, isDesc := t.(Describer)
		_, canSet := t.(interface{ SetID(int) })
		line := fmt.Sprint(i, " keyed=", isKeyed, " describer=", isDesc, " setter=", canSet)
		if isKeyed {
			line += " key=" + k.Key()
		}
		if isDesc {
			line += " desc=" + d.Describe()
		}
		fmt.Println(line)
	}
	if s, ok := things[1].(interface{ SetID(int) }); ok {
		s.SetID(10)
	}
	fmt.Println(u.Key(), u.ID)
}
