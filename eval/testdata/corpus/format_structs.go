// Printing structs with %v, %+v, %T and pointers to structs.
package main

import "fmt"

type inner struct {
	a int
	b string
}

type Outer struct {
	Name  string
	In    inner
	Ptr   *inner
	Tags  []string
	Attrs map[string]int
}

func main() {
	o := Outer{Name: "o", In: inner{1, "x"}, Tags: []string{"t1"}, Attrs: map[string]int{"z": 1, "a": 2}}
	fmt.Printf("%v\n", o)
	fmt.Printf("%+v\n", o)
	fmt.Printf("%T %T %T\n", o, o.In, &o)
	fmt.Println(&inner{3, "y"})
	fmt.Printf("%+v\n", &inner{4, "w"})
	var anon = struct {
		ID   int
		name string
	}{7, "anon"}
	fmt.Printf("%v %+v\n", anon, anon)
	fmt.Printf("%v\n", []inner{{1, "p"}, {2, "q"}})
}
