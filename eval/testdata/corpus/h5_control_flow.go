package main

import (
	"errors"
	"fmt"
	"time"
)

func named() (n int, err error) {
	defer func() {
		n *= 2
		if r := recover(); r != nil {
			err = fmt.Errorf("caught: %v", r)
		}
	}()
	n = 21
	panic("oops")
}

func repanic() (s string) {
	defer func() {
		r := recover()
		s = fmt.Sprint("outer:", r)
	}()
	func() {
		defer func() {
			r := recover()
			panic(fmt.Sprint("again:", r))
		}()
		panic("first")
	}()
	return "unreached"
}

func deferOrder() {
	for i := range 3 {
		defer fmt.Print(i, " ")
	}
	defer fmt.Println()
}

func main() {
	fmt.Println(named())
	fmt.Println(repanic())
	deferOrder()
	fmt.Println()
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j == 2 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
	i := 0
loop:
	if i < 3 {
		i++
		goto loop
	}
	fmt.Println("i", i)
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i * i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	ch := make(chan int)
	select {
	case v := <-ch:
		fmt.Println(v)
	default:
		fmt.Println("no value")
	}
	select {
	case <-time.After(5 * time.Millisecond):
		fmt.Println("timeout")
	case v := <-ch:
		fmt.Println(v)
	}
	switch x := 5; {
	case x > 3:
		fmt.Println("big")
		fallthrough
	case x > 10:
		fmt.Println("fell")
	default:
		fmt.Println("default")
	}
	err := errors.Join(errors.New("a"), nil, errors.New("b"))
	fmt.Printf("%q\n", err.Error())
	for i, r := range "aé\xffz" {
		fmt.Print(i, ":", string(r), " ")
	}
	fmt.Println()
	for k, v := range func(yield func(string, int) bool) {
		_ = yield("a", 1) && yield("b", 2)
	} {
		fmt.Print(k, v)
	}
	fmt.Println()
	d := 1500 * time.Millisecond
	fmt.Println(d, d.Seconds(), time.Duration(0), 90*time.Minute)
}
