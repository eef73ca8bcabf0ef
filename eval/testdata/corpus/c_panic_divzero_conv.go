package main

import (
	"errors"
	"fmt"
	"runtime"
)

func div(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			var re runtime.Error
			if e, ok := r.(error); ok && errors.As(e, &re) {
				err = fmt.Errorf("div %d/%d: %w", a, b, re)
				return
			}
			panic(r)
		}
	}()
	return a / b, nil
}

func mod8(a int8, b int8) int8 { return a % b }

func main() {
	for _, p := range [][2]int{{7, 2}, {1, 0}, {-9, 4}} {
		q, err := div(p[0], p[1])
		fmt.Println(q, err)
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var z int8
		fmt.Println(mod8(-128, -1), mod8(7, z))
	}()
	f := 1.0
	zero := 0.0
	fmt.Println(f/zero, -f/zero, zero/zero == zero/zero)
	var u uint8 = 250
	u += 10
	fmt.Println(u, int8(-128)/int8(-1+0*int(u)))
}
