package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

type Validator[T any] interface {
	Validate(T) error
}

type MinLen int

func (m MinLen) Validate(s string) error {
	if len(s) < int(m) {
		return fmt.Errorf("too short: %q (min %d)", s, int(m))
	}
	return nil
}

type NotEmpty[T comparable] struct{}

func (NotEmpty[T]) Validate(v T) error {
	var zero T
	if v == zero {
		return errors.New("empty")
	}
	return nil
}

func ValidateAll[T any](v T, vs ...Validator[T]) []error {
	var errs []error
	for _, x := range vs {
		if err := x.Validate(v); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

type Cache[K comparable, V any] interface {
	Get(K) (V, bool)
	Put(K, V)
}

type mapCache[K comparable, V any] map[K]V

func (m mapCache[K, V]) Get(k K) (V, bool) { v, ok := m[k]; return v, ok }
func (m mapCache[K, V]) Put(k K, v V)      { m[k] = v }

func Warm[K comparable, V any](c Cache[K, V], keys []K, f func(K) V) {
	for _, k := range keys {
		if _, ok := c.Get(k); !ok {
			c.Put(k, f(k))
		}
	}
}

func main() {
	fmt.Println(ValidateAll("ab", Validator[string](MinLen(3)), NotEmpty[string]{}))
	fmt.Println(len(ValidateAll("", Validator[string](NotEmpty[string]{}))), ValidateAll(5, Validator[int](NotEmpty[int]{})))
	var c Cache[string, int] = mapCache[string, int]{}
	Warm(c, []string{"go", "rust", "go"}, func(s string) int { return len(s) })
	m := c.(mapCache[string, int])
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	v, ok := c.Get("rust")
	fmt.Println(strings.Join(keys, ","), v, ok)
}
