package main

import "fmt"

// Conversions between strings and slices of defined byte and rune types, in plain
// and generic code (yaegi patch 135).

type MyByte byte

type MyRune rune

type Bytes []MyByte

func f[T []MyByte](x T) string { return string(x) }

func g[T []MyRune](x T) string { return string(x) }

func h[S ~[]MyByte](s string) S { return S(s) }

func main() {
	y := []MyByte{'h', 'i'}
	fmt.Println(f(y), string(y), len(string(y)))
	z := []MyRune{'h', 'é', '世'}
	fmt.Println(g(z), string(z), len(string(z)))
	b := []MyByte("abc")
	b[0] = 'A'
	fmt.Println(b, string(b))
	r := []MyRune("héllo")
	fmt.Println(len(r), r[1], string(r[1:3]))
	var nilBytes []MyByte
	fmt.Printf("%q %d\n", string(nilBytes), len([]MyByte("")))
	fmt.Println(string(Bytes("xyz")), h[Bytes]("q"), h[[]MyByte]("pq"))
	fmt.Println(string([]MyByte{0xff, 'a'}) == "\xffa")
}
