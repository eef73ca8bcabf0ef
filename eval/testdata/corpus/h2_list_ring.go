package main

import (
	"container/list"
	"container/ring"
	"fmt"
)

type LRU struct {
	cap   int
	ll    *list.List
	items map[string]*list.Element
}

type entry struct {
	key string
	val int
}

func NewLRU(n int) *LRU { return &LRU{cap: n, ll: list.New(), items: map[string]*list.Element{}} }

func (c *LRU) Get(k string) (int, bool) {
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*entry).val, true
	}
	return 0, false
}

func (c *LRU) Put(k string, v int) {
	if e, ok := c.items[k]; ok {
		e.Value.(*entry).val = v
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(&entry{k, v})
	if c.ll.Len() > c.cap {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*entry).key)
	}
}

func (c *LRU) Keys() []string {
	var ks []string
	for e := c.ll.Front(); e != nil; e = e.Next() {
		ks = append(ks, e.Value.(*entry).key)
	}
	return ks
}

func main() {
	c := NewLRU(3)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Put("c", 3)
	c.Get("a")
	c.Put("d", 4)
	_, okb := c.Get("b")
	c.Put("c", 30)
	v, okc := c.Get("c")
	fmt.Println(c.Keys(), okb, v, okc, c.ll.Len())

	l := list.New()
	e4 := l.PushBack(4)
	e1 := l.PushFront(1)
	l.InsertBefore(3, e4)
	l.InsertAfter(2, e1)
	l.MoveToBack(e1)
	for e := l.Back(); e != nil; e = e.Prev() {
		fmt.Print(e.Value, " ")
	}
	fmt.Println()
	other := list.New()
	other.PushBack("x")
	other.PushBack("y")
	l.PushBackList(other)
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Printf("%v(%T) ", e.Value, e.Value)
	}
	fmt.Println(l.Len())

	r := ring.New(5)
	for i := 0; i < r.Len(); i++ {
		r.Value = i * i
		r = r.Next()
	}
	r.Do(func(x any) { fmt.Print(x, " ") })
	fmt.Println()
	r = r.Move(2)
	removed := r.Unlink(2)
	sum := 0
	r.Do(func(x any) { sum += x.(int) })
	fmt.Println(r.Len(), removed.Len(), sum, r.Value)
	// Josephus with ring
	j := ring.New(7)
	for i := 1; i <= 7; i++ {
		j.Value = i
		j = j.Next()
	}
	j = j.Prev()
	var order []int
	for j.Len() > 1 {
		j = j.Move(2)
		order = append(order, j.Unlink(1).Value.(int))
	}
	fmt.Println(order, j.Value)
}
