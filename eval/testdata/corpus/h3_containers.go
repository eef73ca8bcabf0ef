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
	t.index = -1
	*pq = old[:n-1]
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
	pq := PQ{}
	heap.Init(&pq)
	for i, n := range []string{"write", "test", "ship", "plan"} {
		heap.Push(&pq, &Task{Name: n, Priority: []int{2, 3, 1, 3}[i]})
	}
	urgent := pq[len(pq)-1]
	urgent.Priority = 10
	heap.Fix(&pq, urgent.index)
	var order []string
	for pq.Len() > 0 {
		t := heap.Pop(&pq).(*Task)
		order = append(order, fmt.Sprintf("%s:%d", t.Name, t.Priority))
	}
	fmt.Println(strings.Join(order, " "))

	h := &IntHeap{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 1)
	fmt.Println((*h)[0], h.Len())
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println()

	l := list.New()
	l.PushBack(1)
	front := l.PushFront(0)
	l.PushBack(2)
	l.InsertAfter(99, front)
	l.MoveToBack(front)
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(e.Value, " ")
	}
	fmt.Println(l.Len())
	for e := l.Front(); e != nil; {
		next := e.Next()
		if v, ok := e.Value.(int); ok && v%2 == 0 {
			l.Remove(e)
		}
		e = next
	}
	fmt.Println(l.Len(), l.Front().Value, l.Back().Value)

	r := ring.New(4)
	for i := 0; i < r.Len(); i++ {
		r.Value = i * i
		r = r.Next()
	}
	sum := 0
	r.Do(func(v any) { sum += v.(int) })
	r = r.Move(2)
	fmt.Println(sum, r.Value, r.Prev().Value)
}
