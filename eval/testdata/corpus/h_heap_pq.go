package main

import (
	"container/heap"
	"container/list"
	"container/ring"
	"fmt"
	"strings"
)

type Task struct {
	Name     string
	Priority int
	index    int
}

type PQ []*Task

func (pq PQ) Len() int { return len(pq) }
func (pq PQ) Less(i, j int) bool {
	if pq[i].Priority != pq[j].Priority {
		return pq[i].Priority > pq[j].Priority
	}
	return pq[i].Name < pq[j].Name
}
func (pq PQ) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}
func (pq *PQ) Push(x any) {
	t := x.(*Task)
	t.index = len(*pq)
	*pq = append(*pq, t)
}
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	t := old[n-1]
	old[n-1] = nil
	*pq = old[:n-1]
	t.index = -1
	return t
}

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func main() {
	pq := &PQ{}
	heap.Init(pq)
	for i, n := range []string{"write", "test", "deploy", "lint", "review"} {
		heap.Push(pq, &Task{Name: n, Priority: (i * 7) % 4})
	}
	lint := (*pq)[0]
	for _, t := range *pq {
		if t.Name == "lint" {
			lint = t
		}
	}
	lint.Priority = 10
	heap.Fix(pq, lint.index)
	var order []string
	for pq.Len() > 0 {
		t := heap.Pop(pq).(*Task)
		order = append(order, fmt.Sprintf("%s:%d", t.Name, t.Priority))
	}
	fmt.Println(strings.Join(order, " "))
	h := &IntHeap{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 3)
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println()
	l := list.New()
	l.PushBack(1)
	l.PushFront(0)
	e := l.PushBack(3)
	l.InsertBefore(2, e)
	for x := l.Front(); x != nil; x = x.Next() {
		x.Value = x.Value.(int) * 10
		fmt.Print(x.Value, " ")
	}
	fmt.Println(l.Len())
	r := ring.New(4)
	for i := 0; i < r.Len(); i++ {
		r.Value = i * i
		r = r.Next()
	}
	sum := 0
	r.Do(func(v any) { sum += v.(int) })
	fmt.Println(sum)
}
