package main

import (
	"fmt"
	"sort"
	"sync"
)

type Gate struct {
	mu   sync.Mutex
	cond *sync.Cond
	open bool
}

func NewGate() *Gate {
	g := &Gate{}
	g.cond = sync.NewCond(&g.mu)
	return g
}

func (g *Gate) Wait() {
	g.mu.Lock()
	for !g.open {
		g.cond.Wait()
	}
	g.mu.Unlock()
}

func (g *Gate) Open() {
	g.mu.Lock()
	g.open = true
	g.mu.Unlock()
	g.cond.Broadcast()
}

func main() {
	g := NewGate()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var passed []int
	arrived := make(chan int, 5)
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			arrived <- i
			g.Wait()
			mu.Lock()
			passed = append(passed, i)
			mu.Unlock()
		}()
	}
	for range 5 {
		<-arrived
	}
	mu.Lock()
	fmt.Println("before open:", len(passed))
	mu.Unlock()
	g.Open()
	wg.Wait()
	sort.Ints(passed)
	fmt.Println("after open:", passed)
	g.Wait()
	fmt.Println("open gate does not block")
}
