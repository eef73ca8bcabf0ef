// Functions of package bytes.
package main

import (
	"bytes"
	"fmt"
)

func main() {
	b := []byte("Hello, Gophers")
	fmt.Println(bytes.Contains(b, []byte("Go")), bytes.Index(b, []byte(",")))
	fmt.Println(string(bytes.ToUpper(b)))
	fmt.Printf("%q\n", bytes.Split([]byte("a b c"), []byte(" ")))
	fmt.Println(bytes.Equal([]byte("x"), []byte("x")), bytes.Compare([]byte("a"), []byte("b")))
	fmt.Println(string(bytes.TrimSpace([]byte("  pad  "))), string(bytes.Repeat([]byte("-"), 5)))
	fmt.Printf("%s %x %X %v\n", b[:5], b[:3], []byte{1, 171}, b[:2])
}
