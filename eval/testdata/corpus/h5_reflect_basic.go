package main

import (
	"fmt"
	"reflect"
)

type User struct {
	Name  string `json:"name" db:"user_name"`
	Age   int    `json:"age"`
	email string
}

func (u User) Greet() string { return "hi " + u.Name }

type Celsius float64

func main() {
	t := reflect.TypeOf(User{})
	fmt.Println(t.Name(), t.Kind(), t.NumField(), t.String())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Println(f.Name, f.Type, f.Tag.Get("json"), f.Tag.Get("db"), f.IsExported())
	}
	fmt.Println(t.NumMethod(), t.Method(0).Name)
	v := reflect.ValueOf(User{"Ann", 30, "x"})
	fmt.Println(v.Field(0), v.FieldByName("Age").Int())
	fmt.Println(reflect.TypeOf(Celsius(1)).Name(), reflect.TypeOf(Celsius(1)).Kind())
	fmt.Println(reflect.DeepEqual([]int{1}, []int{1}), reflect.DeepEqual(User{Name: "a"}, User{Name: "b"}))
	pv := reflect.ValueOf(&User{}).Elem()
	pv.Field(0).SetString("Set")
	fmt.Println(pv.Interface().(User).Name)
}
