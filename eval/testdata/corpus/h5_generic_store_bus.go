package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type Store[K comparable, V any] struct {
	mu   sync.RWMutex
	data map[K]V
}

func (s *Store[K, V]) Set(k K, v V) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.data == nil {
		s.data = make(map[K]V)
	}
	s.data[k] = v
}

func (s *Store[K, V]) Get(k K) (V, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.data[k]
	return v, ok
}

func (s *Store[K, V]) Len() int { return len(s.data) }

type UserStore struct {
	Store[int, string]
	name string
}

type Event[T any] struct {
	Name    string
	Payload T
}

type Bus[T any] struct {
	handlers []func(Event[T])
}

func (b *Bus[T]) On(f func(Event[T])) { b.handlers = append(b.handlers, f) }
func (b *Bus[T]) Emit(name string, p T) {
	for _, h := range b.handlers {
		h(Event[T]{name, p})
	}
}

type Numeric interface{ ~int | ~float64 }

type Stats[T Numeric] struct{ vals []T }

func (s *Stats[T]) Add(v ...T) *Stats[T] { s.vals = append(s.vals, v...); return s }
func (s Stats[T]) Mean() float64 {
	var sum T
	for _, v := range s.vals {
		sum += v
	}
	return float64(sum) / float64(len(s.vals))
}
func (s Stats[T]) Median() T {
	c := append([]T(nil), s.vals...)
	sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
	return c[len(c)/2]
}

type Millis int

func main() {
	var us UserStore
	us.name = "users"
	us.Set(1, "ann")
	us.Set(2, "bob")
	v, ok := us.Get(2)
	_, ok2 := us.Get(3)
	fmt.Println(us.name, us.Len(), v, ok, ok2)
	var bus Bus[map[string]int]
	var log []string
	bus.On(func(e Event[map[string]int]) { log = append(log, fmt.Sprint(e.Name, len(e.Payload))) })
	bus.On(func(e Event[map[string]int]) { log = append(log, strings.ToUpper(e.Name)) })
	bus.Emit("save", map[string]int{"a": 1})
	bus.Emit("load", nil)
	fmt.Println(log)
	var st Stats[Millis]
	st.Add(30, 10, 20).Add(50)
	fmt.Printf("%.2f %v %T\n", st.Mean(), st.Median(), st.Median())
	fs := (&Stats[float64]{}).Add(1.5, 2.5)
	fmt.Println(fs.Mean(), fs.Median())
	fmt.Printf("%+v\n", Event[[]int]{"x", []int{1}})
}
