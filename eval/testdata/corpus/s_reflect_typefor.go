package main

import (
	"fmt"
	"reflect"
)

type Point struct {
	X, Y int `json:"x"`
}

func main() {
	t := reflect.TypeFor[int]()
	fmt.Println(t, t.Kind())
	e := reflect.TypeFor[error]()
	fmt.Println(e.Kind(), e.String())
	s := reflect.TypeFor[[]string]()
	fmt.Println(s, s.Elem())
	v := reflect.ValueOf(map[string]int{"a": 1})
	fmt.Println(v.Kind(), v.Len(), v.MapIndex(reflect.ValueOf("a")))
}
