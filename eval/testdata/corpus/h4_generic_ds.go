package main

import (
	"cmp"
	"container/heap"
	"container/list"
	"fmt"
	"sort"
	"strings"
)

type LRU[K comparable, V any] struct {
	cap   int
	ll    *list.List
	items map[K]*list.Element
}

type entry[K comparable, V any] struct {
	key K
	val V
}

func NewLRU[K comparable, V any](n int) *LRU[K, V] {
	return &LRU[K, V]{cap: n, ll: list.New(), items: make(map[K]*list.Element)}
}

func (c *LRU[K, V]) Get(k K) (V, bool) {
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*entry[K, V]).val, true
	}
	var zero V
	return zero, false
}

func (c *LRU[K, V]) Put(k K, v V) {
	if e, ok := c.items[k]; ok {
		e.Value.(*entry[K, V]).val = v
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(&entry[K, V]{k, v})
	if c.ll.Len() > c.cap {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*entry[K, V]).key)
	}
}

func (c *LRU[K, V]) Keys() []K {
	var ks []K
	for e := c.ll.Front(); e != nil; e = e.Next() {
		ks = append(ks, e.Value.(*entry[K, V]).key)
	}
	return ks
}

type Trie struct {
	children map[rune]*Trie
	end      bool
}

func (t *Trie) Insert(w string) {
	n := t
	for _, r := range w {
		if n.children == nil {
			n.children = map[rune]*Trie{}
		}
		if n.children[r] == nil {
			n.children[r] = &Trie{}
		}
		n = n.children[r]
	}
	n.end = true
}

func (t *Trie) collect(prefix string, out *[]string) {
	if t.end {
		*out = append(*out, prefix)
	}
	keys := make([]rune, 0, len(t.children))
	for r := range t.children {
		keys = append(keys, r)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	for _, r := range keys {
		t.children[r].collect(prefix+string(r), out)
	}
}

type MinHeap[T any] struct {
	data []T
	less func(a, b T) bool
}

func (h *MinHeap[T]) Len() int           { return len(h.data) }
func (h *MinHeap[T]) Less(i, j int) bool { return h.less(h.data[i], h.data[j]) }
func (h *MinHeap[T]) Swap(i, j int)      { h.data[i], h.data[j] = h.data[j], h.data[i] }
func (h *MinHeap[T]) Push(x any)         { h.data = append(h.data, x.(T)) }
func (h *MinHeap[T]) Pop() any {
	n := len(h.data)
	x := h.data[n-1]
	h.data = h.data[:n-1]
	return x
}

type edge struct {
	to string
	w  int
}

func dijkstra(g map[string][]edge, src string) map[string]int {
	dist := map[string]int{src: 0}
	type st struct {
		n string
		d int
	}
	h := &MinHeap[st]{less: func(a, b st) bool { return cmp.Or(cmp.Compare(a.d, b.d), strings.Compare(a.n, b.n)) < 0 }}
	heap.Push(h, st{src, 0})
	for h.Len() > 0 {
		cur := heap.Pop(h).(st)
		if cur.d > dist[cur.n] {
			continue
		}
		for _, e := range g[cur.n] {
			nd := cur.d + e.w
			if old, ok := dist[e.to]; !ok || nd < old {
				dist[e.to] = nd
				heap.Push(h, st{e.to, nd})
			}
		}
	}
	return dist
}

func main() {
	c := NewLRU[string, int](2)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Get("a")
	c.Put("c", 3)
	_, okB := c.Get("b")
	va, okA := c.Get("a")
	fmt.Println(okB, va, okA, c.Keys())
	c.Put("a", 10)
	fmt.Println(c.Get("a"))

	t := &Trie{}
	for _, w := range []string{"go", "gopher", "golang", "gone", "rust", "ruby", "g"} {
		t.Insert(w)
	}
	var words []string
	t.children['g'].collect("g", &words)
	fmt.Println(words)

	g := map[string][]edge{
		"A": {{"B", 4}, {"C", 1}},
		"C": {{"B", 2}, {"D", 7}},
		"B": {{"D", 1}},
		"D": {{"E", 3}},
	}
	dist := dijkstra(g, "A")
	keys := make([]string, 0, len(dist))
	for k := range dist {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%d ", k, dist[k])
	}
	fmt.Println()
}
