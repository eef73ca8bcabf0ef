package main

import (
	"errors"
	"fmt"
)

type Queue[T any] struct {
	items []T
}

func (q *Queue[T]) Enqueue(v ...T) { q.items = append(q.items, v...) }

func (q *Queue[T]) Dequeue() (T, error) {
	var zero T
	if len(q.items) == 0 {
		return zero, errors.New("queue empty")
	}
	v := q.items[0]
	q.items = q.items[1:]
	return v, nil
}

func (q *Queue[T]) Len() int { return len(q.items) }

func main() {
	var q Queue[string]
	q.Enqueue("a", "b", "c")
	for q.Len() > 0 {
		v, _ := q.Dequeue()
		fmt.Print(v)
	}
	_, err := q.Dequeue()
	fmt.Println("", err)
	var nums Queue[float64]
	nums.Enqueue(1.5)
	fmt.Println(nums.Dequeue())
}
