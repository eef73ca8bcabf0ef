// defer and recover: named results changed by a deferred function, panics turned into errors.
package main

import (
	"errors"
	"fmt"
)

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func double() (n int) {
	defer func() { n *= 2 }()
	n = 21
	return n
}

func mustPositive(n int) int {
	if n < 0 {
		panic(errors.New("negative"))
	}
	return n
}

func check(n int) (res string) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				res = "error: " + e.Error()
				return
			}
			res = fmt.Sprint("other: ", r)
		}
	}()
	return fmt.Sprint(mustPositive(n))
}

func main() {
	fmt.Println(safeDiv(7, 2))
	fmt.Println(safeDiv(1, 0))
	fmt.Println(double())
	fmt.Println(check(3), check(-1))
	func() {
		defer func() { fmt.Println("recovered", recover()) }()
		panic("boom")
	}()
	fmt.Println("after")
}
