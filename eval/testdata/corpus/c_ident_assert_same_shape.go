package main

import "fmt"

type Dog struct {
	Name string
	Age  int
}

type Cat struct {
	Name string
	Age  int
}

func (d Dog) Sound() string { return d.Name + " says woof" }
func (c Cat) Sound() string { return c.Name + " says meow" }

type Animal interface{ Sound() string }

func describe(a any) string {
	if d, ok := a.(Dog); ok {
		return "dog " + d.Name
	}
	if c, ok := a.(Cat); ok {
		return "cat " + c.Name
	}
	return "unknown"
}

func main() {
	pets := []any{Dog{"Rex", 3}, Cat{"Tom", 5}, struct {
		Name string
		Age  int
	}{"Anon", 1}}
	for _, p := range pets {
		fmt.Println(describe(p))
	}
	var a Animal = Cat{"Kitty", 2}
	_, isDog := a.(Dog)
	_, isCat := a.(Cat)
	fmt.Println("isDog:", isDog, "isCat:", isCat)
	fmt.Println(a.Sound())
	d := Dog(Cat{"Converted", 4})
	fmt.Println(d.Sound())
	var x any = d
	_, stillCat := x.(Cat)
	fmt.Println("converted is cat:", stillCat)
}
