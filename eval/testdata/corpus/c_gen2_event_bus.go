package main

import (
	"fmt"
	"strings"
)

type Event[T any] struct {
	Name    string
	Payload T
}

type Bus[T any] struct {
	subs map[string][]func(Event[T])
	log  []string
}

func NewBus[T any]() *Bus[T] { return &Bus[T]{subs: map[string][]func(Event[T]){}} }

func (b *Bus[T]) On(name string, f func(Event[T])) { b.subs[name] = append(b.subs[name], f) }

func (b *Bus[T]) Emit(name string, p T) int {
	b.log = append(b.log, name)
	n := 0
	for _, f := range b.subs[name] {
		f(Event[T]{name, p})
		n++
	}
	return n
}

type Order struct {
	ID    int
	Total float64
}

type Stats[T int | float64] struct {
	Count int
	Sum   T
}

func (s *Stats[T]) Add(v T) { s.Count++; s.Sum += v }

func (s Stats[T]) Mean() float64 {
	if s.Count == 0 {
		return 0
	}
	return float64(s.Sum) / float64(s.Count)
}

func main() {
	orders := NewBus[Order]()
	var revenue Stats[float64]
	var ids []string
	orders.On("created", func(e Event[Order]) { revenue.Add(e.Payload.Total) })
	orders.On("created", func(e Event[Order]) { ids = append(ids, fmt.Sprint(e.Payload.ID)) })
	orders.Emit("created", Order{1, 9.5})
	orders.Emit("created", Order{2, 20})
	n := orders.Emit("cancelled", Order{3, 1})
	fmt.Println(revenue.Count, revenue.Sum, revenue.Mean(), strings.Join(ids, ","), n, orders.log)
	words := NewBus[string]()
	var lens Stats[int]
	words.On("w", func(e Event[string]) { lens.Add(len(e.Payload)) })
	for _, w := range strings.Fields("generic event bus") {
		words.Emit("w", w)
	}
	fmt.Printf("%d %d %.2f\n", lens.Count, lens.Sum, lens.Mean())
}
