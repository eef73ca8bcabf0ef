package main

import (
	"errors"
	"fmt"
	"runtime"
)

func capture(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func main() {
	var arr []int
	var m map[int]int
	var p *struct{ X int }
	var a any = "s"
	zero := 0
	cases := []func(){
		func() { _ = arr[1] },
		func() { m[1] = 1 },
		func() { _ = p.X },
		func() { _ = 1 / zero },
		func() { _ = a.(int) },
		func() { _ = arr[:2] },
		func() { panic(fmt.Sprintf("custom %d", 1)) },
		func() { panic(errors.New("an error")) },
	}
	for i, c := range cases {
		r := capture(c)
		_, isRT := r.(runtime.Error)
		_, isErr := r.(error)
		fmt.Printf("%d runtime.Error=%-5v error=%-5v %T\n", i, isRT, isErr, r)
		fmt.Printf("   %v\n", r)
	}
	r := capture(func() { _ = a.(fmt.Stringer) })
	var te *runtime.TypeAssertionError
	if err, ok := r.(error); ok && errors.As(err, &te) {
		fmt.Println("type assertion error:", te.Error())
	}
}
