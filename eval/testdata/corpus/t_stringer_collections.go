// String methods are used inside slices, maps and structs printed with fmt.
package main

import (
	"fmt"
	"strings"
)

type Suit int

const (
	Spades Suit = iota
	Hearts
)

func (s Suit) String() string { return [...]string{"♠", "♥"}[s] }

type Card struct {
	Rank int
	Suit Suit
}

type Hand []Card

func (h Hand) String() string {
	parts := make([]string, len(h))
	for i, c := range h {
		parts[i] = fmt.Sprintf("%d%v", c.Rank, c.Suit)
	}
	return strings.Join(parts, " ")
}

func main() {
	h := Hand{{10, Hearts}, {3, Spades}}
	fmt.Println(h)
	fmt.Println([]Suit{Hearts, Spades})
	fmt.Println(map[Suit]int{Hearts: 2})
	fmt.Printf("%v %+v\n", Card{1, Hearts}, Card{2, Spades})
	fmt.Println(fmt.Sprint(Hearts) + "!")
}
