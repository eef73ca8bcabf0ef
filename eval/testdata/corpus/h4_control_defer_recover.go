package main

import (
	"errors"
	"fmt"
	"time"
)

type T struct{ n int }

func (t *T) Close() { fmt.Println("close", t.n) }

func process(items []int) (sum int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
			sum = -1
		}
	}()
	for _, it := range items {
		if it < 0 {
			panic(fmt.Sprintf("negative %d", it))
		}
		sum += it
	}
	return sum, nil
}

func counter() (n int) {
	defer func() { n *= 2 }()
	n = 3
	return n + 1
}

func main() {
	for i := 0; i < 5; i++ {
		switch {
		case i == 1:
			continue
		case i == 3:
			break
		default:
			fmt.Print("i=", i, " ")
		}
		fmt.Print("after", i, " ")
	}
	fmt.Println()
	ch := make(chan int)
	go func() {
		for i := 0; i < 3; i++ {
			ch <- i
		}
		close(ch)
	}()
loop:
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				break loop
			}
			if v == 1 {
				continue loop
			}
			fmt.Println("got", v)
		case <-time.After(time.Second):
			fmt.Println("timeout")
			break loop
		}
	}
	fmt.Println(process([]int{1, 2, 3}))
	fmt.Println(process([]int{1, -2, 3}))
	fmt.Println(counter(), recover())
	var fs []func()
	for i := range 3 {
		defer func() { fmt.Println("deferred", i) }()
		fs = append(fs, func() { fmt.Print(i, " ") })
	}
	for _, f := range fs {
		f()
	}
	fmt.Println()
	for i := 0; i < 2; i++ {
		t := &T{i}
		defer t.Close()
	}
	func() {
		defer fmt.Println("inner 1")
		defer func() {
			defer fmt.Println("inner nested")
			fmt.Println("inner 2")
		}()
	}()
	err := func() (err error) {
		defer func() {
			if err != nil {
				err = errors.Join(err, errors.New("cleanup failed"))
			}
		}()
		return errors.New("work failed")
	}()
	fmt.Println(err)
	x := 10
	defer fmt.Println("x at defer:", x)
	x = 20
	p := &x
	defer func() { fmt.Println("x via closure:", *p) }()
	x = 30
}
