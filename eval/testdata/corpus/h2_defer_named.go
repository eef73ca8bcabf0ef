package main

import (
	"errors"
	"fmt"
)

func triple(x int) (r int) {
	defer func() { r *= 3 }()
	return x + 1
}

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("div: %v", e)
			q = -1
		}
	}()
	return a / b, nil
}

type closer struct {
	name string
	log  *[]string
	fail bool
}

func (c closer) Close() error {
	*c.log = append(*c.log, "close "+c.name)
	if c.fail {
		return errors.New(c.name + " failed")
	}
	return nil
}

func work(log *[]string) (err error) {
	for _, n := range []string{"a", "b", "c"} {
		c := closer{n, log, n == "b"}
		defer func() {
			if cerr := c.Close(); cerr != nil && err == nil {
				err = cerr
			}
		}()
	}
	*log = append(*log, "working")
	return nil
}

func deferArgs() {
	x := 1
	defer fmt.Println("deferred x =", x)
	x = 2
	defer func(v int) { fmt.Println("arg", v, "closure", x) }(x)
	x = 3
}

func main() {
	fmt.Println(triple(4))
	fmt.Println(safeDiv(7, 2))
	fmt.Println(safeDiv(7, 0))
	var log []string
	err := work(&log)
	fmt.Println(log, err)
	deferArgs()
	for i := 0; i < 2; i++ {
		func() {
			defer fmt.Print("end", i, " ")
			fmt.Print("start", i, " ")
		}()
	}
	fmt.Println()
	var s []int
	func() {
		defer func() { s = append(s, 1) }()
		defer func() { s = append(s, 2) }()
	}()
	fmt.Println(s)
}
