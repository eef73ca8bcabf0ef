package main

import (
	"container/heap"
	"fmt"
)

type Item struct {
	value    string
	priority int
	index    int
}

type PQ []*Item

func (pq PQ) Len() int { return len(pq) }
func (pq PQ) Less(i, j int) bool {
	if pq[i].priority == pq[j].priority {
		return pq[i].value < pq[j].value
	}
	return pq[i].priority > pq[j].priority
}
func (pq PQ) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}
func (pq *PQ) Push(x any) {
	it := x.(*Item)
	it.index = len(*pq)
	*pq = append(*pq, it)
}
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	it := old[n-1]
	old[n-1] = nil
	it.index = -1
	*pq = old[:n-1]
	return it
}

func (pq *PQ) update(it *Item, p int) {
	it.priority = p
	heap.Fix(pq, it.index)
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

// dijkstra over a small graph
func dijkstra(g map[int][][2]int, src, n int) []int {
	dist := make([]int, n)
	for i := range dist {
		dist[i] = 1 << 30
	}
	dist[src] = 0
	h := &IntHeap{}
	heap.Push(h, src)
	for h.Len() > 0 {
		u := heap.Pop(h).(int) % 100
		for _, e := range g[u] {
			if nd := dist[u] + e[1]; nd < dist[e[0]] {
				dist[e[0]] = nd
				heap.Push(h, nd*100+e[0])
			}
		}
	}
	return dist
}

func main() {
	items := map[string]int{"banana": 3, "apple": 2, "pear": 4, "fig": 3}
	pq := PQ{}
	heap.Init(&pq)
	names := []string{"banana", "apple", "pear", "fig"}
	refs := map[string]*Item{}
	for _, n := range names {
		it := &Item{value: n, priority: items[n]}
		refs[n] = it
		heap.Push(&pq, it)
	}
	pq.update(refs["apple"], 5)
	heap.Push(&pq, &Item{value: "kiwi", priority: 1})
	heap.Remove(&pq, refs["pear"].index)
	for pq.Len() > 0 {
		it := heap.Pop(&pq).(*Item)
		fmt.Printf("%s:%d(%d) ", it.value, it.priority, it.index)
	}
	fmt.Println()
	h := &IntHeap{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 3)
	fmt.Println((*h)[0], h.Len())
	var out []int
	for h.Len() > 0 {
		out = append(out, heap.Pop(h).(int))
	}
	fmt.Println(out)
	g := map[int][][2]int{0: {{1, 4}, {2, 1}}, 2: {{1, 2}, {3, 5}}, 1: {{3, 1}}}
	fmt.Println(dijkstra(g, 0, 5))
}
