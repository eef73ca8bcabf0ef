// A cache keyed by values of several named types in one map[any].
package main

import (
	"fmt"
	"sort"
)

type UserID int
type OrderID int
type SKU string
type allKey struct{}

type Cache struct {
	items map[any]string
}

func NewCache() *Cache { return &Cache{items: map[any]string{}} }

func (c *Cache) Put(k any, v string) { c.items[k] = v }

func (c *Cache) Get(k any) (string, bool) {
	v, ok := c.items[k]
	return v, ok
}

func main() {
	c := NewCache()
	c.Put(UserID(7), "user alice")
	c.Put(OrderID(7), "order #7")
	c.Put(7, "plain seven")
	c.Put(SKU("A-1"), "widget")
	c.Put("A-1", "string key")
	c.Put(allKey{}, "everything")

	fmt.Println("entries:", len(c.items))
	for _, k := range []any{UserID(7), OrderID(7), 7, SKU("A-1"), "A-1", allKey{}, struct{}{}, UserID(8)} {
		v, ok := c.Get(k)
		fmt.Printf("%-10T %-8v -> %q %v\n", k, k, v, ok)
	}

	delete(c.items, OrderID(7))
	_, ok := c.Get(OrderID(7))
	_, still := c.Get(UserID(7))
	fmt.Println("after delete:", len(c.items), ok, still)

	counts := map[any]int{}
	for _, k := range []any{SKU("x"), "x", SKU("x"), UserID(1), 1, UserID(1), UserID(1)} {
		counts[k]++
	}
	var lines []string
	for k, n := range counts {
		lines = append(lines, fmt.Sprintf("%T(%v)=%d", k, k, n))
	}
	sort.Strings(lines)
	fmt.Println(lines)
}
