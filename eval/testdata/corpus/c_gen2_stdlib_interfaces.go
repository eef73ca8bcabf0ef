package main

import (
	"container/heap"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
)

type PQ[T any] struct {
	items []T
	less  func(a, b T) bool
}

func (q *PQ[T]) Len() int           { return len(q.items) }
func (q *PQ[T]) Less(i, j int) bool { return q.less(q.items[i], q.items[j]) }
func (q *PQ[T]) Swap(i, j int)      { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *PQ[T]) Push(x any)         { q.items = append(q.items, x.(T)) }
func (q *PQ[T]) Pop() any {
	n := len(q.items)
	v := q.items[n-1]
	q.items = q.items[:n-1]
	return v
}

type sorter[T any] struct {
	xs   []T
	less func(a, b T) bool
}

func (s sorter[T]) Len() int           { return len(s.xs) }
func (s sorter[T]) Less(i, j int) bool { return s.less(s.xs[i], s.xs[j]) }
func (s sorter[T]) Swap(i, j int)      { s.xs[i], s.xs[j] = s.xs[j], s.xs[i] }

func SortBy[T any](xs []T, less func(a, b T) bool) { sort.Sort(sorter[T]{xs, less}) }

type NotFound[K comparable] struct{ Key K }

func (e NotFound[K]) Error() string { return fmt.Sprintf("key %v not found", e.Key) }

func lookup[K comparable, V any](m map[K]V, k K) (V, error) {
	v, ok := m[k]
	if !ok {
		return v, fmt.Errorf("lookup: %w", NotFound[K]{k})
	}
	return v, nil
}

type Page[T any] struct {
	Items []T `json:"items"`
	Next  int `json:"next,omitempty"`
}

type Task struct {
	Pri  int
	Name string
}

func main() {
	q := &PQ[Task]{less: func(a, b Task) bool { return a.Pri < b.Pri }}
	for _, t := range []Task{{3, "c"}, {1, "a"}, {2, "b"}} {
		heap.Push(q, t)
	}
	for q.Len() > 0 {
		fmt.Print(heap.Pop(q).(Task).Name)
	}
	fmt.Println()
	words := []string{"pear", "fig", "banana"}
	SortBy(words, func(a, b string) bool { return len(a) < len(b) })
	fmt.Println(words)
	_, err := lookup(map[string]int{"a": 1}, "b")
	var nf NotFound[string]
	fmt.Println(err, errors.As(err, &nf), nf.Key)
	b, _ := json.Marshal(Page[Task]{Items: []Task{{1, "x"}}})
	fmt.Println(string(b))
	var p Page[string]
	json.Unmarshal([]byte(`{"items":["a","b"],"next":2}`), &p)
	fmt.Println(p.Items, p.Next)
}
