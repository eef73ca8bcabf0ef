package main

import "fmt"

type Animal struct{ Name string }

func (a Animal) Sound() string    { return "..." }
func (a Animal) Describe() string { return a.Name + " says " + a.Sound() }

type Dog struct {
	Animal
	Breed string
}

func (d Dog) Sound() string { return "woof" }

type Speaker interface{ Sound() string }

type Loud struct {
	*Dog
	Volume int
}

func main() {
	d := Dog{Animal{"rex"}, "lab"}
	fmt.Println(d.Sound(), d.Animal.Sound(), d.Describe())
	var s Speaker = d
	fmt.Println(s.Sound())
	s = d.Animal
	fmt.Println(s.Sound())
	l := Loud{&d, 11}
	fmt.Println(l.Name, l.Sound(), l.Describe(), l.Breed)
	l.Name = "max"
	fmt.Println(d.Name)
	fmt.Printf("%+v\n", d)
	var l2 Loud
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(l2.Volume)
	func() {
		defer func() { fmt.Println("method:", recover()) }()
		fmt.Println(l2.Describe())
	}()
	func() {
		defer func() { fmt.Println("store:", recover()) }()
		l2.Breed = "x"
	}()
	fmt.Println(l2.Name)
}
