package main

import (
	"fmt"
	"reflect"
)

type UserID int64
type Names []string
type Index map[string][]int
type Handler func(string) error
type Node struct {
	Val  int
	Next *Node
}
type Shape interface{ Area() float64 }

func main() {
	vals := []any{UserID(1), Names{"a"}, Index{}, Handler(nil), Node{}, &Node{}, [3]UserID{},
		make(chan Node), struct{ A int }{}, 3.5, "s"}
	for _, v := range vals {
		t := reflect.TypeOf(v)
		fmt.Printf("%-22s name=%-8q kind=%-6s\n", t.String(), t.Name(), t.Kind())
	}
	st := reflect.TypeOf((*Shape)(nil)).Elem()
	fmt.Println(st, st.Kind(), st.Name(), st.NumMethod())
	nt := reflect.TypeOf(Node{})
	f, _ := nt.FieldByName("Next")
	fmt.Println(f.Type, f.Type.Elem() == nt, f.Type.Elem().Name())
	fmt.Println(reflect.TypeOf(UserID(0)) == reflect.TypeOf(int64(0)))
	fmt.Println(reflect.TypeOf(UserID(0)).ConvertibleTo(reflect.TypeOf(int64(0))))
	fmt.Println(reflect.TypeOf(Names{}).Elem(), reflect.TypeOf(Index{}).Key(), reflect.TypeOf(Index{}).Elem())
	ht := reflect.TypeOf(Handler(nil))
	fmt.Println(ht.NumIn(), ht.In(0), ht.NumOut(), ht.Out(0))
}
