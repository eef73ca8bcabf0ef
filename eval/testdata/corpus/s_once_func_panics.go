package main

import (
	"fmt"
	"strconv"
	"sync"
)

func main() {
	calls := 0
	boom := sync.OnceFunc(func() {
		calls++
		panic("kaboom")
	})
	for range 2 {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			boom()
		}()
	}
	fmt.Println("calls:", calls)
	v := sync.OnceValues(func() (int, error) { return strconv.Atoi("12") })
	n, err := v()
	fmt.Println(n, err)
}
