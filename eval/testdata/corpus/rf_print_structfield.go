// Printing reflect.StructField and reflect.Method values (fmt writes their Type fields).
package main

import (
	"fmt"
	"reflect"
)

type Base struct{ ID int }

type Item struct {
	Base
	Name  string `json:"name"`
	price float64
}

func (i Item) Label() string     { return i.Name }
func (i *Item) SetName(n string) { i.Name = n }

func main() {
	t := reflect.TypeOf(Item{})
	f, _ := t.FieldByName("price")
	fmt.Println(f)
	fmt.Printf("%+v\n", t.Field(0))
	fmt.Printf("%v|%s\n", reflect.VisibleFields(t), t.Field(1).Type)
	m := reflect.TypeOf(&Item{}).Method(1)
	fmt.Println(m.Name, m.Type, m.Index)
	fmt.Printf("%+v\n", reflect.StructField{})
	fmt.Println(m.Func.String(), reflect.ValueOf(Item{}).Field(0))
}
