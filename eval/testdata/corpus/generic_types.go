// Generic types with methods: a stack and a pair.
package main

import "fmt"

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s *Stack[T]) Len() int { return len(s.items) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func MakePair[K comparable, V any](k K, v V) Pair[K, V] { return Pair[K, V]{k, v} }

func main() {
	var s Stack[string]
	s.Push("a")
	s.Push("b")
	fmt.Println(s.Len())
	v, ok := s.Pop()
	fmt.Println(v, ok)
	ints := &Stack[int]{}
	ints.Push(42)
	fmt.Println(ints.Pop())
	fmt.Println(ints.Pop())
	p := MakePair("age", 30)
	fmt.Println(p.Key, p.Val)
	fmt.Printf("%v %+v\n", p, Pair[int, bool]{1, true})
}
