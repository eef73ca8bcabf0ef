package main

import (
	"fmt"
	"reflect"
	"sort"
)

type Tags []string
type Board [3][3]string
type Counts map[string]int

func (c Counts) Total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

func (c Counts) Keys() []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func describe(v any) {
	t := reflect.TypeOf(v)
	fmt.Printf("%-12s name=%-6s kind=%-6s methods=%d\n", t, t.Name(), t.Kind(), t.NumMethod())
}

func main() {
	for _, v := range []any{Tags{"go"}, Board{}, Counts{"a": 1}, []string{"plain"}, map[string]int{}} {
		describe(v)
	}
	t := reflect.TypeOf(Tags{})
	fmt.Println(t.Elem(), reflect.ValueOf(Tags{"x", "y"}).Len())
	b := reflect.TypeOf(Board{})
	fmt.Println(b.Len(), b.Elem(), b.Elem().Elem())
	c := reflect.ValueOf(Counts{"a": 2, "b": 3})
	for i := 0; i < c.NumMethod(); i++ {
		fmt.Println(c.Type().Method(i).Name, c.Method(i).Call(nil)[0])
	}
	v := reflect.ValueOf(Tags{"q"}).Interface()
	_, isTags := v.(Tags)
	_, isSlice := v.([]string)
	fmt.Printf("%v %T %v %v\n", v, v, isTags, isSlice)
	fmt.Println(reflect.TypeOf(Tags{}) == reflect.TypeOf([]string{}), reflect.TypeOf(Tags{}).ConvertibleTo(reflect.TypeOf([]string{})))
}
