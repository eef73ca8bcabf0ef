package main

import (
	"fmt"
	"reflect"
)

type Account struct {
	Owner   string
	Balance float64
	Active  bool
	limits  []int
}

func setField(obj any, name string, value any) error {
	v := reflect.ValueOf(obj)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("need pointer to struct, got %T", obj)
	}
	f := v.Elem().FieldByName(name)
	if !f.IsValid() {
		return fmt.Errorf("no field %q in %s", name, v.Elem().Type())
	}
	if !f.CanSet() {
		return fmt.Errorf("field %q cannot be set", name)
	}
	nv := reflect.ValueOf(value)
	if nv.Type() != f.Type() {
		return fmt.Errorf("field %q is %s, not %s", name, f.Type(), nv.Type())
	}
	f.Set(nv)
	return nil
}

func main() {
	a := Account{Owner: "kim"}
	fmt.Println(setField(&a, "Balance", 12.5))
	fmt.Println(setField(&a, "Active", true))
	fmt.Println(setField(&a, "Owner", 5))
	fmt.Println(setField(&a, "Missing", 1))
	fmt.Println(setField(&a, "limits", []int{1}))
	fmt.Println(setField(a, "Owner", "x"))
	fmt.Printf("%+v\n", a)
	v := reflect.ValueOf(a)
	fmt.Println(v.Field(0).CanSet(), reflect.ValueOf(&a).Elem().Field(0).CanSet())
	fmt.Println(v.FieldByName("limits").CanInterface(), v.NumField())
	n := 5
	reflect.ValueOf(&n).Elem().SetInt(99)
	fmt.Println(n)
}
