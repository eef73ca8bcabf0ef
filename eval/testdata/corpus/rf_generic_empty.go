// reflect on generic cell types, empty struct types and named string types.
package main

import (
	"fmt"
	"reflect"
)

type Stack[T any] struct {
	items []T
	Name  string
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s Stack[T]) Len() int  { return len(s.items) }

type ID string

type traceKey struct{}

func (traceKey) String() string { return "trace" }

func main() {
	s := &Stack[ID]{Name: "ids"}
	t := reflect.TypeOf(s)
	fmt.Println(t, t.Elem().Name(), t.NumMethod(), t.Elem().NumMethod())
	reflect.ValueOf(s).MethodByName("Push").Call([]reflect.Value{reflect.ValueOf(ID("a"))})
	fmt.Println(s.Len(), t.Elem().Field(0).Name, t.Elem().Field(0).Type, t.Elem().Field(0).PkgPath)
	k := reflect.TypeOf(traceKey{})
	fmt.Println(k, k.Name(), k.NumField(), k.NumMethod(), reflect.ValueOf(traceKey{}))
	fmt.Println(reflect.TypeOf(ID("x")).Kind(), reflect.TypeOf(map[ID]Stack[int]{}))
}
