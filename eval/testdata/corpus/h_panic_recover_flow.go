package main

import (
	"errors"
	"fmt"
	"strings"
)

type ParseError struct {
	Line int
	Msg  string
}

func (e ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func mustPositive(n int) int {
	if n < 0 {
		panic(ParseError{n, "negative"})
	}
	return n
}

func parse(lines []string) (total int, err error) {
	defer func() {
		if r := recover(); r != nil {
			if pe, ok := r.(ParseError); ok {
				err = pe
				return
			}
			panic(r)
		}
	}()
	for i, l := range lines {
		n := len(strings.TrimSpace(l))
		if l == "neg" {
			n = -i
		}
		total += mustPositive(n)
	}
	return total, nil
}

func layered() (msg string) {
	defer func() {
		r := recover()
		msg = fmt.Sprint("outer caught: ", r)
	}()
	func() {
		defer func() {
			r := recover()
			panic(fmt.Sprint("re-panic of ", r))
		}()
		panic("first")
	}()
	return "unreached"
}

func deferOrder() {
	defer fmt.Println("1")
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("recovered", r)
		}
	}()
	defer fmt.Println("2")
	panic("boom")
}

func main() {
	fmt.Println(parse([]string{"ab", " c "}))
	total, err := parse([]string{"abc", "neg"})
	fmt.Println(total, err)
	var pe ParseError
	fmt.Println(errors.As(err, &pe), pe.Line)
	fmt.Println(layered())
	deferOrder()
	fmt.Println(recover())
	func() {
		defer func() {
			r := recover()
			fmt.Printf("%T %v\n", r, r)
		}()
		var arr []int
		_ = arr[len(arr)-1+1]
	}()
	func() {
		defer func() {
			e := recover().(error)
			fmt.Println("error:", e)
		}()
		panic(fmt.Errorf("wrapped: %w", errors.New("inner")))
	}()
	fmt.Println("end")
}
