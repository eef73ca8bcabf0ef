package main

import (
	"fmt"
	"sort"
	"strings"
)

type Suit int

const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

func (s Suit) String() string { return [...]string{"♠", "♥", "♦", "♣"}[s] }

type Card struct {
	Rank int
	Suit Suit
}

func (c Card) String() string {
	names := map[int]string{1: "A", 11: "J", 12: "Q", 13: "K"}
	r, ok := names[c.Rank]
	if !ok {
		r = fmt.Sprint(c.Rank)
	}
	return r + c.Suit.String()
}

type Hand []Card

func (h Hand) String() string {
	parts := make([]string, len(h))
	for i, c := range h {
		parts[i] = c.String()
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func main() {
	h := Hand{{12, Hearts}, {1, Spades}, {7, Clubs}, {11, Diamonds}, {7, Spades}}
	fmt.Println(h)
	sort.Slice(h, func(i, j int) bool {
		if h[i].Suit != h[j].Suit {
			return h[i].Suit < h[j].Suit
		}
		return h[i].Rank < h[j].Rank
	})
	fmt.Println(h)
	fmt.Println([]Card(h))
	fmt.Printf("%v %s %d\n", h[0], h[0], h[0])
	fmt.Println(map[Suit]int{Hearts: 1, Spades: 2})
	fmt.Printf("%+v\n", struct{ Best Card }{h[0]})
	fmt.Printf("%q\n", Card{13, Clubs})
	fmt.Println(Suit(1), Suit(3))
}
