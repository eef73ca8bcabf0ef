package main

import "fmt"

// len and cap of an array or a pointer to an array are constants when the operand has
// no call and no receive: the operand is not evaluated (Go's tests const4.go, nil.go,
// fixedbugs/issue72844.go). With a call, the call runs and the length is the type's.

var nilPtr *[4]int

var calls int

func nilPtrFunc() *[4]int {
	calls++
	return nil
}

func try(name string, f func()) {
	defer func() {
		fmt.Println(name, "panic:", recover())
	}()
	f()
}

func main() {
	var s [][30]int
	var m map[string][20]int
	var b struct{ a [10]int }
	fmt.Println(len(s[10]), len(m[""]), cap(b.a), len(*nilPtr), len(nilPtr), cap(nilPtr))

	fmt.Println(len(nilPtrFunc()), cap(nilPtrFunc()), calls)
	try("len(*f())", func() { _ = len(*nilPtrFunc()) })
	fmt.Println(calls)

	c := make(chan *[5]int, 1)
	c <- nil
	fmt.Println(len(<-c), len(c))

	n := 0
	for i := range nilPtr {
		n += i
	}
	for range *nilPtr {
		n++
	}
	for i := range *nilPtr {
		n += 10 * i
	}
	for i := range *nilPtr {
		n += 100 * i
	}
	fmt.Println(n)
	try("range values", func() {
		for i, v := range nilPtr {
			n += i + v
		}
	})
	try("range *f()", func() {
		for range *nilPtrFunc() {
		}
	})
	try("range f()", func() {
		for i := range nilPtrFunc() {
			n += i
		}
	})
	fmt.Println(n, calls)

	var as interface{} = len(nilPtr)
	fmt.Println(as)
	p := &[3]string{"a", "b", "c"}
	for i, v := range p {
		fmt.Print(i, v, " ")
	}
	fmt.Println(len(p), cap(p[:2]))
}
