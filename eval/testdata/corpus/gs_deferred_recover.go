package main

import "fmt"

func stopped(name string) {
	if r := recover(); r != nil {
		fmt.Println(name, "recovered", r)
	}
}

// The deferred recover runs when the function returns normally: it stops the panic
// the function was deferred for.
func afterReturn() (out string) {
	defer func() { out = fmt.Sprint("after return: ", recover()) }()
	defer func() {
		defer recover()
	}()
	panic("first")
}

// The deferred recover runs while its own function panics: a no-op, the panic goes on
// to the next deferred call.
func whilePanicking() {
	defer stopped("outer")
	defer func() {
		defer stopped("inner")
		defer recover()
		panic("second")
	}()
	panic("first")
}

// Both: the inner panic is stopped first, then the deferred recover stops the outer.
func inOrder() (out string) {
	defer func() { out = fmt.Sprint("in order: ", recover()) }()
	defer func() {
		defer recover()
		defer stopped("inner")
		panic("second")
	}()
	panic("first")
}

func main() {
	fmt.Println(afterReturn())
	whilePanicking()
	fmt.Println(inOrder())
}
