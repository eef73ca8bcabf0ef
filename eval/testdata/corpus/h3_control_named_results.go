package main

import (
	"errors"
	"fmt"
)

var errStop = errors.New("stop")

func process(items []int) (done int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic after %d: %v", done, r)
		}
	}()
	for i, it := range items {
		switch {
		case it < 0:
			return done, errStop
		case it == 0:
			continue
		case it > 100:
			panic(fmt.Sprintf("too big: %d", it))
		}
		func() {
			defer func() { done++ }()
			if i%2 == 1 {
				return
			}
		}()
	}
	return done, nil
}

func classify(n int) (s string) {
	defer func() { s = "[" + s + "]" }()
	switch {
	case n%15 == 0:
		s = "fizzbuzz"
		return
	case n%3 == 0:
		return "fizz"
	case n%5 == 0:
		s = "buzz"
	default:
		return fmt.Sprint(n)
	}
	return s + "!"
}

func main() {
	fmt.Println(process([]int{1, 0, 2, 3}))
	fmt.Println(process([]int{1, 2, -1, 4}))
	fmt.Println(process([]int{5, 500, 6}))
	for i := 1; i <= 15; i++ {
		fmt.Print(classify(i), " ")
	}
	fmt.Println()
	ch := make(chan int, 5)
	for i := range 5 {
		ch <- i
	}
	close(ch)
	n := 0
loop:
	for {
		select {
		case v, ok := <-ch:
			switch {
			case !ok:
				break loop
			case v == 1:
				continue loop
			case v == 3:
				break
			default:
				n += v
			}
			n += 100
		}
	}
	fmt.Println(n)
}
