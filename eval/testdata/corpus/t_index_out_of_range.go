// Recovering from an index out of range reports Go's message.
package main

import (
	"fmt"
	"runtime"
)

func at(s []int, i int) (v int, err error) {
	defer func() {
		if r := recover(); r != nil {
			if re, ok := r.(runtime.Error); ok {
				err = re
				return
			}
			err = fmt.Errorf("%v", r)
		}
	}()
	return s[i], nil
}

func main() {
	s := []int{1, 2, 3}
	fmt.Println(at(s, 1))
	fmt.Println(at(s, 5))
	fmt.Println(at(s, -1+0*len(s)))
	arr := [4]string{"a", "b", "c", "d"}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		i := 10
		fmt.Println(arr[i%7])
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		str := "héllo"
		k := 9
		fmt.Println(str[k])
	}()
}
