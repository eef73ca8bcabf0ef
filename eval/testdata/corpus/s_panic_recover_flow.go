package main

import (
	"errors"
	"fmt"
)

func mustPositive(n int) int {
	if n < 0 {
		panic(fmt.Sprintf("negative: %d", n))
	}
	return n
}

func try(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	f()
	return nil
}

func main() {
	fmt.Println(try(func() { mustPositive(3) }))
	fmt.Println(try(func() { mustPositive(-1) }))
	fmt.Println(try(func() { panic(errors.New("boom")) }))
	func() {
		defer fmt.Println("deferred 1")
		defer fmt.Println("deferred 2")
		fmt.Println("body")
	}()
}
