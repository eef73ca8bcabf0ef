// fmt prints a slice or an array whose elements are of a byte kind as bytes for %s, %q,
// %x and %X, even where the element type has a String method; %v and %d print the
// elements.
package main

import "fmt"

type N uint8

func (x N) String() string { return fmt.Sprintf("N<%d>", uint8(x)) }

type Tags []N

func (t Tags) String() string { return fmt.Sprintf("%d tags", len(t)) }

type Box struct {
	B []N
	A [2]N
}

func main() {
	s := []N{1, 2, 'a'}
	fmt.Printf("%x|%X|%q|%v|%d\n", s, s, s, s, s)
	fmt.Printf("%s|% x|%#x|%8x|\n", []N{'h', 'i'}, s, s, []N{255})
	fmt.Printf("%x|%v\n", [3]N{4, 5, 6}, [3]N{4, 5, 6})
	fmt.Printf("%x|%s|%v\n", Tags{1}, Tags{2}, Tags{3})
	fmt.Printf("%x|%v|%+v\n", Box{B: []N{7}, A: [2]N{8, 9}}, Box{B: []N{7}}, Box{})
	fmt.Printf("%x|%q\n", []N{}, [0]N{})
}
