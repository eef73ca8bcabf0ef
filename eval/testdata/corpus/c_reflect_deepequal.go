package main

import (
	"fmt"
	"reflect"
)

type Celsius float64
type Tree struct {
	Val      int
	Children []*Tree
	Meta     map[string]any
}

func main() {
	a := &Tree{1, []*Tree{{2, nil, nil}}, map[string]any{"k": []int{1}}}
	b := &Tree{1, []*Tree{{2, nil, nil}}, map[string]any{"k": []int{1}}}
	fmt.Println(a == b, reflect.DeepEqual(a, b))
	b.Meta["k"] = []int{2}
	fmt.Println(reflect.DeepEqual(a, b))
	fmt.Println(reflect.DeepEqual(Celsius(1), 1.0), reflect.DeepEqual(Celsius(1), Celsius(1)))
	fmt.Println(reflect.DeepEqual([]int{}, []int(nil)), reflect.DeepEqual(map[int]int{}, map[int]int{}))
	var e1, e2 error
	fmt.Println(reflect.DeepEqual(e1, e2), reflect.DeepEqual(any(nil), any((*Tree)(nil))))
	x := reflect.ValueOf(Celsius(36.6))
	fmt.Println(x.Kind(), x.Type(), x.Float(), x.Interface().(Celsius))
	y := x.Convert(reflect.TypeOf(float64(0)))
	fmt.Printf("%T %v\n", y.Interface(), y.Interface())
	z := reflect.New(reflect.TypeOf(Tree{})).Elem()
	z.Field(0).SetInt(7)
	fmt.Printf("%+v\n", z.Interface())
	fmt.Println(reflect.Zero(reflect.TypeOf(Celsius(0))).Interface() == Celsius(0))
}
