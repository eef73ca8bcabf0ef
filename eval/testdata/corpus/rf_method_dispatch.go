// Command dispatch by method name, the way small CLIs and RPC shims do it.
package main

import (
	"fmt"
	"reflect"
	"strings"
)

type Calc struct {
	acc   float64
	trace []string
}

func (c *Calc) Add(x float64)   { c.acc += x; c.log("add") }
func (c *Calc) Mul(x float64)   { c.acc *= x; c.log("mul") }
func (c *Calc) Result() float64 { return c.acc }
func (c *Calc) Sum(xs ...float64) float64 {
	for _, x := range xs {
		c.acc += x
	}
	return c.acc
}
func (c Calc) Describe(prefix string) (string, error) {
	return prefix + fmt.Sprint(c.acc), nil
}
func (c *Calc) log(op string) { c.trace = append(c.trace, op) }

func dispatch(target any, line string) {
	parts := strings.Fields(line)
	m := reflect.ValueOf(target).MethodByName(parts[0])
	if !m.IsValid() {
		fmt.Println("unknown command", parts[0])
		return
	}
	mt := m.Type()
	var args []reflect.Value
	for i, a := range parts[1:] {
		var f float64
		fmt.Sscan(a, &f)
		if mt.IsVariadic() || i < mt.NumIn() {
			args = append(args, reflect.ValueOf(f))
		}
	}
	out := m.Call(args)
	for _, o := range out {
		fmt.Print(o.Interface(), " ")
	}
	fmt.Println("<-", parts[0], mt)
}

func main() {
	c := &Calc{}
	for _, line := range []string{"Add 2", "Mul 10", "Result", "Sum 1 2 3", "Describe", "log x", "Div 2"} {
		if line == "Describe" {
			out := reflect.ValueOf(c).MethodByName("Describe").Call([]reflect.Value{reflect.ValueOf("acc=")})
			fmt.Println(out[0], out[1].IsNil())
			continue
		}
		dispatch(c, line)
	}
	fmt.Println(c.trace)
	t := reflect.TypeOf(c)
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		fmt.Println(m.Index, m.Name, m.Type, m.IsExported())
	}
	vt := reflect.TypeOf(*c)
	fmt.Println(vt.NumMethod(), vt.Method(0).Name)
	stringer := reflect.TypeOf((*fmt.Stringer)(nil)).Elem()
	errT := reflect.TypeOf((*error)(nil)).Elem()
	fmt.Println(t.Implements(stringer), t.Implements(errT), t.AssignableTo(reflect.TypeOf((*any)(nil)).Elem()))
	res := reflect.ValueOf(c).Method(3).Call(nil)
	fmt.Println(res[0].Float())
	mm, ok := t.MethodByName("Mul")
	mm.Func.Call([]reflect.Value{reflect.ValueOf(c), reflect.ValueOf(0.5)})
	fmt.Println(ok, c.Result())
}
