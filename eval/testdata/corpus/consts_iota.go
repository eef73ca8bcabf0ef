// Constants and iota: skipping, expressions, typed and untyped constants.
package main

import "fmt"

type Size int64

const (
	_       = iota
	KB Size = 1 << (10 * iota)
	MB
	GB
)

const (
	A = iota * 10
	B
	_
	D
	E = "e"
	F
	G = iota
)

const Big = 1 << 100
const Pi = 3.14159

type Color int

const (
	Red Color = iota + 1
	Green
	Blue
)

func main() {
	fmt.Println(KB, MB, GB)
	fmt.Println(A, B, D, E, F, G)
	fmt.Println(Big>>98, Pi*2)
	fmt.Printf("%T %v %T\n", Green, Blue, Pi)
	const local = len("hello")
	var arr [local]int
	fmt.Println(len(arr))
	fmt.Println(Size(3)*MB/KB, 'a'+1, string(rune('a'+1)))
}
