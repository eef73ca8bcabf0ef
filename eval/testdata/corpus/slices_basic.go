// Slices: append, copy, sub-slices sharing storage, 3-index slices, nil vs empty.
package main

import "fmt"

func main() {
	var s []int
	fmt.Println(s == nil, len(s), s)
	for i := 0; i < 5; i++ {
		s = append(s, i*i)
	}
	fmt.Println(s, len(s))
	t := s[1:3]
	t[0] = 100
	fmt.Println(s, t, len(t))
	u := make([]int, 2)
	n := copy(u, s)
	fmt.Println(n, u)
	v := s[1:2:2]
	v = append(v, 7)
	fmt.Println(s, v)
	e := []string{}
	fmt.Println(e == nil, len(e), e)
	matrix := [][]int{{1, 2}, {3, 4}}
	matrix[1] = append(matrix[1], 5)
	fmt.Println(matrix, len(matrix[1]))
	s = append(s[:1], s[2:]...)
	fmt.Println(s)
	bs := []byte("hi")
	bs = append(bs, " there"...)
	fmt.Println(string(bs), bs)
}
