// reflect of error values of cell types, nested cell types in fields, map keys, New and Zero.
package main

import (
	"errors"
	"fmt"
	"reflect"
)

type NotFound struct{ Key string }

func (e NotFound) Error() string { return "not found: " + e.Key }

type Code int

func (c *Code) Error() string { return fmt.Sprint("code ", int(*c)) }

type Celsius float64

type Inner struct{ V int }
type Outer struct {
	In  Inner
	Ptr *Inner
	T   Celsius
}

func find(k string) error { return NotFound{k} }

func main() {
	err := find("x")
	t := reflect.TypeOf(err)
	fmt.Println(t, t.Name(), t.Kind(), t.NumMethod())
	c := Code(4)
	var err2 error = &c
	fmt.Println(reflect.TypeOf(err2), reflect.ValueOf(err2).Elem().Int())
	wrapped := fmt.Errorf("wrap: %w", err)
	fmt.Println(reflect.TypeOf(errors.Unwrap(wrapped)))
	var nf NotFound
	fmt.Println(errors.As(wrapped, &nf), reflect.TypeOf(nf).Field(0).Name)
	ot := reflect.TypeOf(Outer{})
	for i := 0; i < ot.NumField(); i++ {
		f := ot.Field(i)
		fmt.Println(f.Name, f.Type, f.Type.Name(), f.Type.Kind(), f.Type.Size())
	}
	temps := map[Celsius]string{10: "cool", 30: "hot"}
	keys := reflect.ValueOf(temps).MapKeys()
	fmt.Println(len(keys), keys[0].Type(), reflect.TypeOf(temps).Key().Name())
	x := reflect.New(ot).Interface()
	fmt.Printf("%T %v\n", x, reflect.TypeOf(x).Elem().Name())
	switch y := reflect.Zero(reflect.TypeOf(Celsius(0))).Interface().(type) {
	case float64:
		fmt.Println("float64", y)
	case Celsius:
		fmt.Println("Celsius", y)
	}
	var cc Celsius
	reflect.ValueOf(&cc).Elem().Set(reflect.ValueOf(Celsius(3.5)))
	fmt.Println(cc, reflect.TypeOf(find).Out(0), reflect.TypeOf(func(Outer) {}).In(0).Name())
	fmt.Println(reflect.TypeOf(Outer{}).Comparable(), reflect.TypeOf(Outer{}).Size(), reflect.TypeOf(&c).Elem().Name())
}
