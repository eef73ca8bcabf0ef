package main

import (
	"fmt"
	"strings"
)

type Keyer interface {
	comparable
	Key() string
}

type UserID int

func (u UserID) Key() string { return fmt.Sprintf("user/%d", int(u)) }

type Path string

func (p Path) Key() string { return "path/" + strings.ToLower(string(p)) }

type Cache[K Keyer, V any] struct {
	data   map[K]V
	loads  int
	loader func(K) V
	log    []string
}

func NewCache[K Keyer, V any](loader func(K) V) *Cache[K, V] {
	return &Cache[K, V]{data: map[K]V{}, loader: loader}
}

func (c *Cache[K, V]) Get(k K) V {
	if v, ok := c.data[k]; ok {
		c.log = append(c.log, "hit "+k.Key())
		return v
	}
	c.loads++
	v := c.loader(k)
	c.data[k] = v
	c.log = append(c.log, "miss "+k.Key())
	return v
}

func main() {
	users := NewCache(func(id UserID) string { return fmt.Sprintf("User#%d", id) })
	for _, id := range []UserID{1, 2, 1, 3, 2} {
		fmt.Print(users.Get(id), " ")
	}
	fmt.Println()
	fmt.Println(users.loads, strings.Join(users.log, ", "))
	sizes := NewCache(func(p Path) int { return len(p) })
	fmt.Println(sizes.Get("/A/B"), sizes.Get("/A/B"), sizes.Get("/c"), sizes.log)
	fmt.Printf("%T\n", sizes)
}
