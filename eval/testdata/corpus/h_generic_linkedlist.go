package main

import (
	"fmt"
	"strings"
)

type Node[T any] struct {
	Val  T
	Next *Node[T]
}

type List[T any] struct {
	head *Node[T]
	size int
}

func (l *List[T]) PushFront(v T) {
	l.head = &Node[T]{Val: v, Next: l.head}
	l.size++
}

func (l *List[T]) Each(f func(T)) {
	for n := l.head; n != nil; n = n.Next {
		f(n.Val)
	}
}

func (l *List[T]) Reverse() {
	var prev *Node[T]
	cur := l.head
	for cur != nil {
		next := cur.Next
		cur.Next = prev
		prev, cur = cur, next
	}
	l.head = prev
}

func (l *List[T]) Len() int { return l.size }

type Queue[T any] struct {
	items []T
}

func (q *Queue[T]) Enqueue(v T) { q.items = append(q.items, v) }
func (q *Queue[T]) Dequeue() (T, error) {
	var zero T
	if len(q.items) == 0 {
		return zero, fmt.Errorf("empty queue")
	}
	v := q.items[0]
	q.items = q.items[1:]
	return v, nil
}

func main() {
	var l List[string]
	for _, w := range []string{"c", "b", "a"} {
		l.PushFront(w)
	}
	var sb strings.Builder
	l.Each(func(s string) { sb.WriteString(s) })
	l.Reverse()
	l.Each(func(s string) { sb.WriteString(strings.ToUpper(s)) })
	fmt.Println(sb.String(), l.Len())
	var li List[int]
	for i := range 5 {
		li.PushFront(i * i)
	}
	sum := 0
	li.Each(func(v int) { sum += v })
	fmt.Println(sum)
	q := &Queue[float64]{}
	q.Enqueue(1.5)
	q.Enqueue(2.5)
	a, _ := q.Dequeue()
	b, _ := q.Dequeue()
	_, err := q.Dequeue()
	fmt.Println(a+b, err)
	n := &Node[int]{Val: 1, Next: &Node[int]{Val: 2}}
	fmt.Println(n.Val, n.Next.Val, n.Next.Next == nil)
}
