// Struct embedding: promoted fields and methods, overriding, embedded pointers.
package main

import "fmt"

type Animal struct {
	Name string
	Legs int
}

func (a Animal) Describe() string { return fmt.Sprintf("%s has %d legs", a.Name, a.Legs) }
func (a Animal) Sound() string    { return "..." }

type Dog struct {
	Animal
	Breed string
}

func (d Dog) Sound() string { return "woof" }

type Logger struct{ prefix string }

func (l *Logger) Log(s string) { fmt.Println(l.prefix + s) }

type Service struct {
	*Logger
	Name string
}

func main() {
	d := Dog{Animal{"rex", 4}, "lab"}
	fmt.Println(d.Name, d.Legs, d.Breed)
	fmt.Println(d.Describe())
	fmt.Println(d.Sound(), d.Animal.Sound())
	fmt.Println(d)
	s := Service{&Logger{"[svc] "}, "api"}
	s.Log("started " + s.Name)
	d.Name = "max"
	fmt.Println(d.Animal.Name)
}
