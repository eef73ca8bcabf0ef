// reflect on named non-struct types and embedded structs.
package main

import (
	"fmt"
	"reflect"
)

type Celsius float64
type Fahrenheit float64
type Weekday int
type Flag bool
type Label string

func (c Celsius) String() string   { return fmt.Sprintf("%.1f°C", float64(c)) }
func (c Celsius) ToF() Fahrenheit  { return Fahrenheit(c*9/5 + 32) }
func (d Weekday) String() string   { return [...]string{"Sun", "Mon", "Tue"}[d] }
func (d *Weekday) Next()           { *d = (*d + 1) % 3 }
func (l Label) Upper(n int) string { return fmt.Sprint(string(l), n) }

type Animal struct {
	Name string
	legs int
}

func (a Animal) Legs() int { return a.legs }

type Dog struct {
	Animal
	Breed string
}

func (d Dog) Bark() string { return d.Name + " says woof" }

type Puppy struct {
	*Dog
	Age int
}

func describe(x any) {
	t := reflect.TypeOf(x)
	v := reflect.ValueOf(x)
	fmt.Printf("%-18s name=%-10q kind=%-8s pkg=%q methods=%d", t, t.Name(), t.Kind(), t.PkgPath(), t.NumMethod())
	for i := 0; i < t.NumMethod(); i++ {
		fmt.Print(" ", t.Method(i).Name)
	}
	fmt.Println(" |", v)
}

func main() {
	for _, x := range []any{Celsius(36.6), Fahrenheit(98), Weekday(1), Flag(true), Label("hi"), new(Weekday), 2.5, Dog{}, &Dog{}, Puppy{}} {
		describe(x)
	}
	c := reflect.ValueOf(Celsius(100))
	fmt.Println(c.Type() == reflect.TypeOf(Celsius(0)), c.Type() == reflect.TypeOf(0.0), c.Type().ConvertibleTo(reflect.TypeOf(0.0)))
	f := c.MethodByName("ToF").Call(nil)[0]
	fmt.Println(f.Type(), f.Float(), f.Interface().(Fahrenheit) == 212)
	d := Weekday(2)
	reflect.ValueOf(&d).MethodByName("Next").Call(nil)
	fmt.Println(d, reflect.ValueOf(d).MethodByName("Next").IsValid())
	fmt.Println(reflect.ValueOf(Label("x")).Method(0).Call([]reflect.Value{reflect.ValueOf(7)})[0])
	dt := reflect.TypeOf(Dog{})
	for _, name := range []string{"Name", "legs", "Breed", "Animal", "Age"} {
		sf, ok := dt.FieldByName(name)
		fmt.Println(name, ok, sf.Index, sf.Anonymous, sf.IsExported())
	}
	for _, vf := range reflect.VisibleFields(reflect.TypeOf(Puppy{})) {
		fmt.Println(vf.Name, vf.Index, vf.Type)
	}
	p := Puppy{&Dog{Animal{"Rex", 4}, "lab"}, 1}
	pv := reflect.ValueOf(p)
	fmt.Println(pv.FieldByName("Name"), pv.FieldByName("Breed"), pv.FieldByName("legs").Int())
	fmt.Println(pv.MethodByName("Bark").Call(nil)[0], pv.NumMethod(), reflect.TypeOf(p).Method(1).Name)
	fmt.Println(reflect.DeepEqual(Celsius(1), Fahrenheit(1)), reflect.DeepEqual(Celsius(1), Celsius(1)))
}
