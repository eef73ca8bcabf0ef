// A generic LRU cache built on two type parameters and a struct constraint-free value.
package main

import (
	"container/list"
	"fmt"
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
	return &LRU[K, V]{cap: n, ll: list.New(), items: map[K]*list.Element{}}
}

func (c *LRU[K, V]) Put(k K, v V) {
	if e, ok := c.items[k]; ok {
		e.Value = entry[K, V]{k, v}
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(entry[K, V]{k, v})
	if c.ll.Len() > c.cap {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(entry[K, V]).key)
	}
}

func (c *LRU[K, V]) Get(k K) (V, bool) {
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(entry[K, V]).val, true
	}
	var zero V
	return zero, false
}

func main() {
	c := NewLRU[string, int](2)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Get("a")
	c.Put("c", 3)
	_, okB := c.Get("b")
	va, okA := c.Get("a")
	c.Put("a", 10)
	va2, _ := c.Get("a")
	fmt.Println(okB, va, okA, va2, c.ll.Len())
}
