// Converting a slice to an array (Go 1.20) and the panic when it is too short.
package main

import "fmt"

func main() {
	s := []byte{1, 2, 3, 4, 5}
	a := [4]byte(s)
	fmt.Println(a)
	p := (*[2]byte)(s)
	p[0] = 9
	fmt.Println(s[0])
	defer func() { fmt.Println("recovered:", recover()) }()
	short := s[:2]
	b := [3]byte(short)
	fmt.Println(b)
}
