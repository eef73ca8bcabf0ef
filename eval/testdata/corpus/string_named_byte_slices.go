package main

import "fmt"

// Conversions between strings and slices of named bytes and runes (Go's tests
// fixedbugs/issue23536.go and fixedbugs/issue23814.go).

type myString string
type myByte byte
type myRune rune
type bytes []byte
type runes []rune

func main() {
	fmt.Println(string([]myByte{'w', 'o', 'r', 'l', 'd', '!'}))
	fmt.Printf("%q\n", myString([]myByte{'\xf0', '\x9f', '\x8c', '\x8d'}))
	fmt.Println(string([]myRune{0x266b, 0x266c}), myString([]myRune{0x1f30e}))
	fmt.Println(string(bytes{'h', 'i'}), string(runes{0x767d, 0x9d6c}))

	var nb []myByte
	var nr []myRune
	fmt.Printf("%q %q\n", string(nb), string(nr))

	b := []myByte("world!")
	b[0] = 'W'
	fmt.Println(b, len(b), string(b))
	fmt.Println([]myByte(myString("🌏")))
	r := []myRune("♫♬ x")
	fmt.Println(r, len(r), string(r[:2]))
	fmt.Println([]myRune(myString("🌐")), []rune(myString("白鵬翔")))
	fmt.Println(bytes("hellø"), runes("白鵬翔"))
	fmt.Printf("%T %T\n", b, r)

	// Invalid UTF-8 and invalid runes, as Go converts them.
	fmt.Printf("%q %q\n", string([]myByte{0xff, 'a'}), string([]myRune{-1, 0x10FFFF + 1, 'b'}))
	fmt.Println([]myRune(string([]byte{0xff, 'a'})))
}
