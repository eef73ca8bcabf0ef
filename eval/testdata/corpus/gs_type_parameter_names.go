package main

import "fmt"

type K string

type T struct{ x int }

func Keys[K comparable, V any](m map[K]V) int { return len(m) }

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Len() int { return len(s.items) }

func Equal[M ~map[A]B, A, B comparable](m1, m2 M) bool {
	if len(m1) != len(m2) {
		return false
	}
	for k, v := range m1 {
		if w, ok := m2[k]; !ok || w != v {
			return false
		}
	}
	return true
}

type V float64

func main() {
	var k K = "key"
	var t T
	t.x = 2
	var v V = 1.5
	s := &Stack[string]{}
	s.Push(string(k))
	fmt.Println(k, t, v, Keys(map[int]bool{1: true}), s.Len())
	fmt.Println(Equal(map[string]int{"a": 1}, map[string]int{"a": 1}), Equal(map[int]int{1: 1}, map[int]int{1: 2}))
}
