package main

import (
	"errors"
	"fmt"
)

// Stack is a LIFO stack of any element type.
type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v ...T) { s.items = append(s.items, v...) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if s.Empty() {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s *Stack[T]) Peek() (T, error) {
	if s.Empty() {
		var zero T
		return zero, errors.New("empty stack")
	}
	return s.items[len(s.items)-1], nil
}

func (s *Stack[T]) Empty() bool { return s.Len() == 0 }
func (s *Stack[T]) Len() int    { return len(s.items) }

type Queue[T any] struct {
	in, out Stack[T]
}

func (q *Queue[T]) Enqueue(v T) { q.in.Push(v) }

func (q *Queue[T]) Dequeue() (T, bool) {
	if q.out.Empty() {
		for !q.in.Empty() {
			v, _ := q.in.Pop()
			q.out.Push(v)
		}
	}
	return q.out.Pop()
}

type Job struct {
	ID   int
	Name string
}

func drain[T any](q *Queue[T]) []T {
	var out []T
	for {
		v, ok := q.Dequeue()
		if !ok {
			return out
		}
		out = append(out, v)
	}
}

func main() {
	var s Stack[int]
	s.Push(1, 2, 3)
	top, _ := s.Peek()
	v, ok := s.Pop()
	fmt.Println(top, v, ok, s.Len())
	var words Stack[string]
	_, err := words.Peek()
	fmt.Println(err)
	var q Queue[Job]
	q.Enqueue(Job{1, "build"})
	q.Enqueue(Job{2, "test"})
	first, _ := q.Dequeue()
	q.Enqueue(Job{3, "deploy"})
	fmt.Println(first.Name, drain(&q))
	fmt.Printf("%v %+v\n", s, Job{4, "x"})
}
