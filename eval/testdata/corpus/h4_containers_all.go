package main

import (
	"container/heap"
	"container/list"
	"container/ring"
	"fmt"
	"strings"
)

type Item struct {
	value    string
	priority int
	index    int
}

type PQ []*Item

func (pq PQ) Len() int { return len(pq) }
func (pq PQ) Less(i, j int) bool {
	return pq[i].priority > pq[j].priority
}
func (pq PQ) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}
func (pq *PQ) Push(x any) {
	n := len(*pq)
	item := x.(*Item)
	item.index = n
	*pq = append(*pq, item)
}
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	item := old[n-1]
	old[n-1] = nil
	item.index = -1
	*pq = old[0 : n-1]
	return item
}
func (pq *PQ) update(item *Item, value string, priority int) {
	item.value = value
	item.priority = priority
	heap.Fix(pq, item.index)
}

func main() {
	items := map[string]int{"banana": 3, "apple": 2, "pear": 4}
	pq := make(PQ, len(items))
	i := 0
	for _, name := range []string{"banana", "apple", "pear"} {
		pq[i] = &Item{value: name, priority: items[name], index: i}
		i++
	}
	heap.Init(&pq)
	item := &Item{value: "orange", priority: 1}
	heap.Push(&pq, item)
	pq.update(item, item.value, 5)
	for pq.Len() > 0 {
		item := heap.Pop(&pq).(*Item)
		fmt.Printf("%.2d:%s ", item.priority, item.value)
	}
	fmt.Println()

	l := list.New()
	e4 := l.PushBack(4)
	e1 := l.PushFront(1)
	l.InsertBefore(3, e4)
	l.InsertAfter(2, e1)
	for e := l.Front(); e != nil; e = e.Next() {
		e.Value = e.Value.(int) * 10
	}
	l.MoveToBack(e1)
	var sb strings.Builder
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Fprint(&sb, e.Value, " ")
	}
	fmt.Println(sb.String(), l.Len())
	l.Remove(e4)
	fmt.Println(l.Front().Value, l.Back().Value, l.Len())

	r := ring.New(5)
	n := r.Len()
	for i := 0; i < n; i++ {
		r.Value = i * i
		r = r.Next()
	}
	r.Do(func(p any) { fmt.Print(p.(int), ",") })
	fmt.Println()
	r = r.Move(2)
	removed := r.Unlink(2)
	removed.Do(func(p any) { fmt.Print("x", p) })
	fmt.Println(" left", r.Len())
	sum := 0
	r.Do(func(p any) { sum += p.(int) })
	fmt.Println(sum)
}
