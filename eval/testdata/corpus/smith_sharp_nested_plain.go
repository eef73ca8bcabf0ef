// %#v names a value nested in another by its reflect type: a byte slice field is
// []uint8{...}, a nil interface field error(nil) (alone: []byte{...} and <nil>).
package main

import (
	"encoding/json"
	"fmt"
)

type G[T any] struct {
	F []T
}

type H struct {
	B []uint8
	C []byte
	A [2]byte
	E error
	S fmt.Stringer
	I any
	R json.RawMessage
	P *int
}

type W struct {
	Hs []H
	M  map[string][]byte
}

func main() {
	fmt.Printf("%#v\n", G[uint8]{F: []uint8{}})
	fmt.Printf("%#v\n", G[byte]{F: []byte{1}})
	fmt.Printf("%#v %#v %T\n", []byte{1}, []byte(nil), []byte{})
	fmt.Printf("%#v\n", H{})
	fmt.Printf("%#v\n", H{B: []byte("a"), C: []byte{}, A: [2]byte{1, 2}, I: []byte{3}, R: json.RawMessage("1")})
	fmt.Printf("%#v\n", []H{{}})
	fmt.Printf("%#v\n", W{Hs: []H{{C: []byte{9}}}, M: map[string][]byte{"k": {1}}})
	fmt.Printf("%v %+v\n", H{}, H{C: []byte{4}})
	var e error
	fmt.Printf("%#v %v\n", e, e)
}
