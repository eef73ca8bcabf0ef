// A constraint with a method and a type union.
package main

import (
	"fmt"
	"strconv"
)

type Amount interface {
	~int | ~float64
	String() string
}

type Cents int

func (c Cents) String() string {
	return "$" + strconv.Itoa(int(c)/100) + "." + fmt.Sprintf("%02d", int(c)%100)
}

type Grams float64

func (g Grams) String() string { return fmt.Sprintf("%.1fg", float64(g)) }

func Total[T Amount](xs []T) T {
	var t T
	for _, x := range xs {
		t += x
	}
	return t
}

func Describe[T Amount](xs []T) string {
	return fmt.Sprintf("%d items totalling %s", len(xs), Total(xs).String())
}

func main() {
	fmt.Println(Describe([]Cents{150, 275}))
	fmt.Println(Describe([]Grams{1.5, 2.25}))
	fmt.Println(Total([]Cents{1, 2}))
}
