// An interface embedded in a struct: overriding one method, delegating the rest.
package main

import "fmt"

type Store interface {
	Get(k string) string
	Put(k, v string)
}

type mapStore struct{ m map[string]string }

func (s *mapStore) Get(k string) string { return s.m[k] }
func (s *mapStore) Put(k, v string)     { s.m[k] = v }

type loggingStore struct {
	Store
	log []string
}

func (l *loggingStore) Put(k, v string) {
	l.log = append(l.log, "put "+k)
	l.Store.Put(k, v)
}

func main() {
	var s Store = &loggingStore{Store: &mapStore{m: map[string]string{}}}
	s.Put("a", "1")
	s.Put("b", "2")
	fmt.Println(s.Get("a"), s.Get("b"), s.Get("c") == "")
	fmt.Println(s.(*loggingStore).log)
}
