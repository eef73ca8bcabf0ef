package main

import (
	"errors"
	"fmt"
	"sync"
)

var ErrInsufficient = errors.New("insufficient funds")

type Account struct {
	mu      sync.Mutex
	balance int
	history []int
}

func (a *Account) Deposit(n int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.balance += n
	a.history = append(a.history, n)
}

func (a *Account) Withdraw(n int) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if n > a.balance {
		return fmt.Errorf("withdraw %d: %w", n, ErrInsufficient)
	}
	a.balance -= n
	a.history = append(a.history, -n)
	return nil
}

func (a *Account) Balance() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.balance
}

type SafeLedger struct {
	sync.RWMutex
	entries map[string]int
}

func main() {
	acc := &Account{}
	var wg sync.WaitGroup
	for i := 1; i <= 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			acc.Deposit(i)
		}()
	}
	wg.Wait()
	fmt.Println("balance", acc.Balance(), "ops", len(acc.history))
	fmt.Println(acc.Withdraw(5000))
	fmt.Println(acc.Withdraw(50), acc.Balance())
	l := SafeLedger{entries: map[string]int{}}
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.Lock()
			l.entries[fmt.Sprint("k", i%3)] += i
			l.Unlock()
		}()
	}
	wg.Wait()
	l.RLock()
	fmt.Println(l.entries["k0"], l.entries["k1"], l.entries["k2"])
	l.RUnlock()
}
