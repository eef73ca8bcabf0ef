package main

import "fmt"

func main() {
	a := make([]int, 3, 10)
	b := append(a, 4)
	c := append(a, 5)
	fmt.Println(a, b, c)
	d := []int{1, 2, 3}
	e := d[:2]
	e = append(e, 99)
	fmt.Println(d, e)
	f := d[:2:2]
	f = append(f, 100)
	fmt.Println(d, f)
	var nilSlice []int
	fmt.Println(nilSlice == nil, len(nilSlice), append(nilSlice, 1))
	copyDst := make([]int, 2)
	n := copy(copyDst, []int{7, 8, 9})
	fmt.Println(n, copyDst)
}
