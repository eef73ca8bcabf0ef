package main

import "fmt"

// Values of a named type compare with values of an unnamed type of the same underlying
// type, one being assignable to the other (Go's tests fixedbugs/issue23545.go and
// fixedbugs/issue49665.go).

type OutputID [2]interface{}

func dummyID(x int) [2]interface{} {
	var out [2]interface{}
	out[0] = x
	return out
}

func Get() OutputID { return dummyID(1234) }

type P struct{ X int }
type Q [2]int

func main() {
	a := Get()
	b := dummyID(1234)
	fmt.Println(a == b, a != dummyID(1234), a == OutputID(b), a == dummyID(5))

	p := P{1}
	s := struct{ X int }{1}
	fmt.Println(p == s, s == p, p != s, p == struct{ X int }{2})
	q := Q{1, 2}
	fmt.Println(q == [2]int{1, 2}, [2]int{1, 3} != q)

	var x any
	var y interface{}
	fmt.Println(&x == &y, &x == &x)
	fmt.Printf("%T %T\n", &x, &y)
}
