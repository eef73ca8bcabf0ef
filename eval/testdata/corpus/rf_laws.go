// The laws of reflection (go.dev/blog/laws-of-reflection), with types of our own.
package main

import (
	"fmt"
	"reflect"
)

type MyInt int

type T struct {
	A int
	B string
}

func main() {
	var x float64 = 3.4
	v := reflect.ValueOf(x)
	fmt.Println("type:", v.Type())
	fmt.Println("kind is float64:", v.Kind() == reflect.Float64)
	fmt.Println("value:", v.Float())
	var m MyInt = 7
	mv := reflect.ValueOf(m)
	fmt.Println(mv.Type(), mv.Kind(), mv.Int())
	y := v.Interface().(float64)
	fmt.Println(y)
	fmt.Printf("value is %7.1e\n", v.Interface())
	p := reflect.ValueOf(&x)
	fmt.Println("type of p:", p.Type())
	fmt.Println("settability of p:", p.CanSet())
	e := p.Elem()
	fmt.Println("settability of v:", e.CanSet())
	e.SetFloat(7.1)
	fmt.Println(e.Interface())
	fmt.Println(x)
	t := T{23, "skidoo"}
	s := reflect.ValueOf(&t).Elem()
	typeOfT := s.Type()
	for i := 0; i < s.NumField(); i++ {
		f := s.Field(i)
		fmt.Printf("%d: %s %s = %v\n", i, typeOfT.Field(i).Name, f.Type(), f.Interface())
	}
	s.Field(0).SetInt(77)
	s.Field(1).SetString("Sunset Strip")
	fmt.Println("t is now", t)
	fmt.Printf("%v %T %s\n", typeOfT, typeOfT, typeOfT.Kind())
}
