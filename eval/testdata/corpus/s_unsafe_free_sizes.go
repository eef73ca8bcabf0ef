package main

import (
	"fmt"
	"reflect"
)

type Small struct {
	A bool
	B int64
	C bool
}

func main() {
	t := reflect.TypeOf(Small{})
	fmt.Println(t.Size(), t.Align(), t.Field(1).Offset)
	fmt.Println(reflect.TypeOf(int32(0)).Size(), reflect.TypeOf("").Size(), reflect.TypeOf([]int{}).Size())
}
