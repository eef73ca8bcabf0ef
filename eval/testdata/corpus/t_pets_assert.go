// Two pet types with the same fields: a type assertion must tell them apart.
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
	pets := []any{Dog{"Rex", 3}, Cat{"Tom", 5}, Dog{"Fido", 1}, 42}
	for _, p := range pets {
		fmt.Println(describe(p))
	}
	var b any = Cat{"Kitty", 2}
	_, isDog := b.(Dog)
	fmt.Println("is dog:", isDog)
}
