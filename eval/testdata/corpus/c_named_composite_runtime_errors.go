// Runtime errors name named slice and map types as Go does: comparing and hashing
// uncomparable types in interfaces, index out of range, a failed assertion.
package main

import "fmt"

type Tags []string
type Counts map[string]int

func try(f func()) {
	defer func() { fmt.Println("recovered:", recover()) }()
	f()
}

func main() {
	try(func() {
		var a, b any = Tags{}, Tags{}
		fmt.Println(a == b)
	})
	try(func() {
		m := map[any]int{}
		m[Counts{}] = 1
	})
	try(func() {
		t := Tags{"a"}
		i := 3
		fmt.Println(t[i])
	})
	try(func() {
		var x any = Tags{"a"}
		_ = x.(Counts)
	})
}
