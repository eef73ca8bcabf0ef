// Multiple assignments of empty-interface values, and a heap.Interface Pop (yaegi patch 170).
package main

import (
	"container/heap"
	"fmt"
)

type P struct{ head int }

type H []*P

func (h H) Len() int           { return len(h) }
func (h H) Less(i, j int) bool { return h[i].head < h[j].head }
func (h H) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *H) Push(v any)        { *h = append(*h, v.(*P)) }
func (h *H) Pop() (v any) {
	*h, v = (*h)[:h.Len()-1], (*h)[h.Len()-1]
	return
}

func toAny(v any) any { return v }

func main() {
	var v, w any
	var n int
	w = 5
	n, v = 1, w
	fmt.Println(n, v)
	n, v = 2, toAny("two")
	fmt.Println(n, v)
	v, w = w, v
	fmt.Println(v, w)
	k, w := 3, v
	fmt.Println(k, w)
	var e error
	var s fmt.Stringer
	e, v = nil, nil
	fmt.Println(e, v, s)
	h := &H{{5}, {2}, {8}}
	heap.Init(h)
	heap.Push(h, &P{1})
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h).(*P).head, " ")
	}
	fmt.Println()
}
