package main

import "fmt"

type Animal struct{ Name string }

func (a Animal) Speak() string    { return a.Name + " makes a sound" }
func (a Animal) Describe() string { return "animal: " + a.Speak() }

type Dog struct {
	Animal
	Name string
}

func (d Dog) Speak() string { return d.Name + " barks" }

type Puppy struct {
	Dog
}

type A struct{ X int }
type B struct{ X int }
type C struct {
	A
	B
	Y int
}

func main() {
	d := Dog{Animal{"generic"}, "Rex"}
	fmt.Println(d.Speak())
	fmt.Println(d.Describe())
	fmt.Println(d.Name, d.Animal.Name)
	p := Puppy{d}
	fmt.Println(p.Speak(), "|", p.Animal.Speak())
	c := C{A{1}, B{2}, 3}
	fmt.Println(c.A.X, c.B.X, c.Y)
	fmt.Printf("%+v\n", c)
	type Speaker interface{ Speak() string }
	for _, s := range []Speaker{d.Animal, d, p} {
		fmt.Printf("%T: %s\n", s, s.Speak())
	}
}
