package main

import (
	"errors"
	"fmt"
)

var ErrBad = errors.New("bad input")

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func mustPositive(n int) int {
	if n < 0 {
		panic(fmt.Errorf("negative %d: %w", n, ErrBad))
	}
	return n
}

func guard(f func()) (err error) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if e, ok := r.(error); ok {
			err = e
			return
		}
		panic(r)
	}()
	f()
	return nil
}

func outer() (msg string) {
	defer func() {
		msg = fmt.Sprint("outer got: ", recover())
	}()
	err := guard(func() { panic("plain string") })
	return fmt.Sprint("not reached ", err)
}

func main() {
	fmt.Println(safeDiv(10, 2))
	fmt.Println(safeDiv(1, 0))
	err := guard(func() { mustPositive(-3) })
	fmt.Println(err, errors.Is(err, ErrBad))
	fmt.Println(guard(func() { mustPositive(3) }))
	fmt.Println(outer())
	func() {
		defer func() { fmt.Println("second recover:", recover()) }()
		defer func() { fmt.Println("first recover:", recover()) }()
		panic("once")
	}()
	var count int
	for i := 0; i < 3; i++ {
		func() {
			defer func() {
				if recover() != nil {
					count++
				}
			}()
			if i%2 == 0 {
				var m map[string]int
				m["x"] = i
			}
		}()
	}
	fmt.Println("recovered", count)
}
