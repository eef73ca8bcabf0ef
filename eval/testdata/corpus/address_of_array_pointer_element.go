package main

import "fmt"

// The address of an element of an array through a pointer (&p[i] with p a *[N]T) is
// the element's (Go's tests convert4.go and nilptr2.go).

type grid [3][2]int

func main() {
	s := make([]byte, 8, 10)
	p := (*[8]byte)(s)
	q := &p[1]
	*q = 7
	fmt.Println(s[1], &p[0] == &s[0], &p[7] == &s[7])

	g := &grid{}
	c := &g[1][0]
	*c = 5
	fmt.Println(*g)

	a := [4]string{"a", "b", "c", "d"}
	pa := &a
	i := 2
	e := &pa[i]
	*e = "C"
	fmt.Println(a, *e == pa[2])

	defer func() { fmt.Println("recovered:", recover()) }()
	var np *[10]int
	fmt.Println(&np[3] != nil)
}
