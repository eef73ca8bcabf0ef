package main

import (
	"errors"
	"fmt"
)

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
			q = -1
		}
	}()
	q = a / b
	return
}

func triple() (n int) {
	defer func() { n *= 3 }()
	return 5
}

func order() {
	for i := 0; i < 3; i++ {
		defer fmt.Println("deferred", i)
	}
	x := 1
	defer fmt.Println("x at defer:", x)
	x = 2
	defer func() { fmt.Println("x in closure:", x) }()
	x = 3
}

func cleanup() (err error) {
	defer func() {
		if cerr := errors.New("close failed"); err == nil {
			err = cerr
		}
	}()
	return nil
}

func main() {
	fmt.Println(safeDiv(10, 3))
	fmt.Println(safeDiv(1, 0))
	fmt.Println(triple())
	order()
	fmt.Println(cleanup())
}
