// reflect.DeepEqual on slices, maps and structs.
package main

import (
	"fmt"
	"reflect"
)

type Cfg struct {
	Name string
	Tags []string
}

func main() {
	a := map[string][]int{"x": {1, 2}}
	b := map[string][]int{"x": {1, 2}}
	fmt.Println(reflect.DeepEqual(a, b))
	b["x"][1] = 3
	fmt.Println(reflect.DeepEqual(a, b))
	fmt.Println(reflect.DeepEqual(Cfg{"c", []string{"t"}}, Cfg{"c", []string{"t"}}))
	fmt.Println(reflect.DeepEqual([]int{}, []int(nil)))
	fmt.Println(reflect.TypeOf(3.5).Kind(), reflect.ValueOf([]int{1, 2}).Len())
}
