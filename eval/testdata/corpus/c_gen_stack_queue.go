package main

import (
	"errors"
	"fmt"
)

var ErrEmpty = errors.New("empty")

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v ...T) { s.items = append(s.items, v...) }

func (s *Stack[T]) Pop() (T, error) {
	var zero T
	if len(s.items) == 0 {
		return zero, ErrEmpty
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, nil
}

func (s Stack[T]) Len() int { return len(s.items) }

type Queue[T any] struct {
	in, out Stack[T]
}

func (q *Queue[T]) Enqueue(v T) { q.in.Push(v) }

func (q *Queue[T]) Dequeue() (T, error) {
	if q.out.Len() == 0 {
		for q.in.Len() > 0 {
			v, _ := q.in.Pop()
			q.out.Push(v)
		}
	}
	return q.out.Pop()
}

func main() {
	var s Stack[string]
	s.Push("a", "b", "c")
	for {
		v, err := s.Pop()
		if err != nil {
			fmt.Println("stop:", err)
			break
		}
		fmt.Print(v, " ")
	}
	q := &Queue[[2]int]{}
	for i := range 4 {
		q.Enqueue([2]int{i, i * i})
	}
	a, _ := q.Dequeue()
	q.Enqueue([2]int{9, 81})
	fmt.Println(a)
	for v, err := q.Dequeue(); err == nil; v, err = q.Dequeue() {
		fmt.Print(v, " ")
	}
	fmt.Println()
	fmt.Printf("%T %T\n", s, q)
}
