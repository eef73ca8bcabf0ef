package main

import (
	"errors"
	"fmt"
)

type HTTPError struct {
	Code int
	Msg  string
}

func (e *HTTPError) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Msg) }

func handle(path string) {
	switch path {
	case "/missing":
		panic(&HTTPError{404, "not found"})
	case "/crash":
		var m map[string]int
		m["x"] = 1
	case "/value":
		panic(fmt.Sprintf("bad path %s", path))
	case "/err":
		panic(errors.New("plain error"))
	}
	fmt.Println("200 OK", path)
}

func serve(path string) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		var he *HTTPError
		if err, ok := r.(error); ok && errors.As(err, &he) {
			fmt.Println("http error", he.Code, he)
			return
		}
		fmt.Printf("500 internal: %v (%T)\n", r, r)
	}()
	handle(path)
}

func outer() (msg string) {
	defer func() { msg = fmt.Sprint("outer caught: ", recover()) }()
	func() {
		defer func() {
			r := recover()
			panic(fmt.Sprint("re-panic of ", r))
		}()
		panic("first")
	}()
	return "unreachable"
}

func main() {
	for _, p := range []string{"/", "/missing", "/crash", "/value", "/err"} {
		serve(p)
	}
	fmt.Println(outer())
	fmt.Println(recover())
}
