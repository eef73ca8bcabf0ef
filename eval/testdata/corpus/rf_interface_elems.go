// Walking []any, map[string]any and interface fields that hold cell types.
package main

import (
	"fmt"
	"reflect"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type User struct {
	Name string
	age  int
}

type Box struct {
	Any  any
	Stry fmt.Stringer
}

func main() {
	vals := []any{User{"ann", 3}, Celsius(2), &User{"bob", 4}, 7}
	v := reflect.ValueOf(vals)
	for i := 0; i < v.Len(); i++ {
		e := v.Index(i)
		fmt.Println(e.Kind(), e.Elem().Kind(), e.Elem().Type(), e.Elem().Type().Name())
		if e.Elem().Kind() == reflect.Pointer {
			fmt.Println(" ", e.Elem().Elem(), e.Elem().Elem().Type().Name(), e.Elem().Elem().CanSet())
		} else {
			fmt.Println(" ", e)
		}
		if e.Elem().Kind() == reflect.Struct {
			fmt.Println(" ", e.Elem().NumField(), e.Elem().Type().Field(1).Name, e.Elem().Field(0))
		}
	}
	m := map[string]any{"u": User{"cy", 5}}
	mv := reflect.ValueOf(m).MapIndex(reflect.ValueOf("u"))
	fmt.Println(mv.Kind(), mv.Elem().Type(), mv.Elem().FieldByName("age").Int())
	b := Box{Any: Celsius(3), Stry: Celsius(4)}
	bv := reflect.ValueOf(b)
	fmt.Println(bv.Field(0).Elem().Type(), bv.Field(1).Elem().Type(), bv.Field(1).Type(), bv.Field(1))
	fmt.Println(bv.Field(1).Elem().MethodByName("String").Call(nil)[0])
}
