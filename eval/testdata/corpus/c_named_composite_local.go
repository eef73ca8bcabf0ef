// Named slice, map and empty struct types declared inside functions are types of their
// own, distinct from their underlying types and from a package-level type of the same
// name.
package main

import "fmt"

type key struct{}

type bag map[string]int

func local() any {
	type bag map[string]int
	return bag{"l": 1}
}

func main() {
	type Tags []string
	type Counts map[string]int
	type lkey struct{}
	var items []any = []any{Tags{"a"}, []string{"b"}, Counts{"x": 1}, map[string]int{}, lkey{}, struct{}{}, key{}, bag{}, local()}
	for _, it := range items {
		switch v := it.(type) {
		case Tags:
			fmt.Println("Tags", v)
		case []string:
			fmt.Println("[]string", v)
		case Counts:
			fmt.Println("Counts", v)
		case bag:
			fmt.Println("bag", v)
		case lkey:
			fmt.Println("lkey")
		case key:
			fmt.Println("key")
		default:
			fmt.Printf("other %T %v\n", v, v)
		}
	}
	fmt.Printf("%T %T %T\n", Tags{}, Counts{}, local())
	_, isBag := local().(bag)
	fmt.Println(isBag)
}
