package main

import (
	"errors"
	"fmt"
	"sync"
)

var ErrInsufficient = errors.New("insufficient funds")

type Bank struct {
	mu       sync.Mutex
	accounts map[string]int
}

func (b *Bank) Transfer(from, to string, amt int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.accounts[from] < amt {
		return fmt.Errorf("transfer %d from %s: %w", amt, from, ErrInsufficient)
	}
	b.accounts[from] -= amt
	b.accounts[to] += amt
	return nil
}

func main() {
	b := &Bank{accounts: map[string]int{"a": 100, "b": 50}}
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(2)
		go func() { defer wg.Done(); b.Transfer("a", "b", 5) }()
		go func() { defer wg.Done(); b.Transfer("b", "a", 3) }()
	}
	wg.Wait()
	fmt.Println(b.accounts["a"], b.accounts["b"], b.accounts["a"]+b.accounts["b"])
	err := b.Transfer("b", "a", 1000)
	fmt.Println(err, errors.Is(err, ErrInsufficient))
}
