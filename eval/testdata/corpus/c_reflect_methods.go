package main

import (
	"fmt"
	"reflect"
)

type Calculator struct{ base int }

func (c Calculator) Add(n int) int    { return c.base + n }
func (c Calculator) Mul(n int) int    { return c.base * n }
func (c *Calculator) Reset()          { c.base = 0 }
func (c Calculator) Describe() string { return fmt.Sprintf("calc(%d)", c.base) }
func (c Calculator) private() int     { return 0 }

func main() {
	c := Calculator{base: 10}
	t := reflect.TypeOf(c)
	pt := reflect.TypeOf(&c)
	fmt.Println("value methods:", t.NumMethod(), "pointer methods:", pt.NumMethod())
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		fmt.Println(i, m.Name, m.Type)
	}
	for i := 0; i < pt.NumMethod(); i++ {
		fmt.Print(pt.Method(i).Name, " ")
	}
	fmt.Println()
	v := reflect.ValueOf(c)
	for _, name := range []string{"Add", "Mul"} {
		out := v.MethodByName(name).Call([]reflect.Value{reflect.ValueOf(5)})
		fmt.Println(name, "->", out[0].Int())
	}
	fmt.Println(v.MethodByName("Describe").Call(nil)[0])
	_, ok := t.MethodByName("Reset")
	_, okp := pt.MethodByName("Reset")
	fmt.Println("Reset on value:", ok, "on pointer:", okp)
	reflect.ValueOf(&c).MethodByName("Reset").Call(nil)
	fmt.Println(c.Describe())
	fmt.Println(reflect.ValueOf(c).MethodByName("private").IsValid())
}
