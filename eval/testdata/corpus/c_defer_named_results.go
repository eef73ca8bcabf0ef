package main

import (
	"errors"
	"fmt"
)

func double(n int) (result int) {
	defer func() { result *= 2 }()
	return n + 1
}

func tx(fail bool) (err error) {
	fmt.Println("begin")
	defer func() {
		if err != nil {
			fmt.Println("rollback:", err)
			err = fmt.Errorf("tx failed: %w", err)
			return
		}
		fmt.Println("commit")
	}()
	if fail {
		return errors.New("constraint violated")
	}
	return nil
}

func counter() (n int) {
	for i := range 3 {
		defer func() { n += i }()
	}
	return 10
}

func safeDiv(a, b int) (q int, ok bool) {
	defer func() {
		if recover() != nil {
			q, ok = -1, false
		}
	}()
	return a / b, true
}

func main() {
	fmt.Println(double(4))
	fmt.Println(tx(false))
	fmt.Println(tx(true))
	fmt.Println(counter())
	fmt.Println(safeDiv(9, 3))
	fmt.Println(safeDiv(9, 0))
}
