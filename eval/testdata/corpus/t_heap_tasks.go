// A priority queue of tasks with container/heap.
package main

import (
	"container/heap"
	"fmt"
)

type Task struct {
	Name     string
	Priority int
}

type PQ []*Task

func (p PQ) Len() int           { return len(p) }
func (p PQ) Less(i, j int) bool { return p[i].Priority > p[j].Priority }
func (p PQ) Swap(i, j int)      { p[i], p[j] = p[j], p[i] }
func (p *PQ) Push(x any)        { *p = append(*p, x.(*Task)) }
func (p *PQ) Pop() any {
	old := *p
	n := len(old)
	t := old[n-1]
	*p = old[:n-1]
	return t
}

func main() {
	pq := &PQ{}
	heap.Init(pq)
	heap.Push(pq, &Task{"write", 2})
	heap.Push(pq, &Task{"test", 5})
	heap.Push(pq, &Task{"deploy", 1})
	heap.Push(pq, &Task{"review", 4})
	for pq.Len() > 0 {
		t := heap.Pop(pq).(*Task)
		fmt.Println(t.Priority, t.Name)
	}
}
