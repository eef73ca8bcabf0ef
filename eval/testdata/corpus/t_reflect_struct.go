// Walking a struct with reflect.
package main

import (
	"fmt"
	"reflect"
)

type Base struct {
	ID int
}

type User struct {
	Base
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
	age   int
}

func (u User) Greet() string { return "hi " + u.Name }
func (u User) Hello() string { return "hello" }

func main() {
	u := User{Base{7}, "Ann", "ann@example.com", 30}
	t := reflect.TypeOf(u)
	fmt.Println(t.Name(), t.Kind(), t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Println(f.Name, f.Type, f.Anonymous, f.IsExported(), f.Tag.Get("json"))
	}
	fmt.Println(t.NumMethod())
	for i := 0; i < t.NumMethod(); i++ {
		fmt.Println(t.Method(i).Name)
	}
	fmt.Println(reflect.TypeOf(&u).Elem().Name(), reflect.TypeOf(&u).Kind())
}
