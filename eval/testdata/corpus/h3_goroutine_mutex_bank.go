package main

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

type Account struct {
	mu      sync.Mutex
	balance int
	history []int
}

var ErrInsufficient = errors.New("insufficient funds")

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
		return fmt.Errorf("withdraw %d from %d: %w", n, a.balance, ErrInsufficient)
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

type Stats struct {
	sync.RWMutex
	counts map[string]int
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
	fmt.Println(acc.Balance(), len(acc.history))
	var failures atomic.Int32
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := acc.Withdraw(1000); errors.Is(err, ErrInsufficient) {
				failures.Add(1)
			}
		}()
	}
	wg.Wait()
	fmt.Println(acc.Balance(), failures.Load())
	fmt.Println(acc.Withdraw(10000))

	st := Stats{counts: map[string]int{}}
	words := []string{"a", "b", "a", "c", "a", "b"}
	for _, w := range words {
		wg.Add(1)
		go func(w string) {
			defer wg.Done()
			st.Lock()
			st.counts[w]++
			st.Unlock()
		}(w)
	}
	wg.Wait()
	st.RLock()
	fmt.Println(st.counts)
	st.RUnlock()
	var ops int64
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			atomic.AddInt64(&ops, 2)
		}()
	}
	wg.Wait()
	fmt.Println(atomic.LoadInt64(&ops))
	var flag atomic.Bool
	fmt.Println(flag.CompareAndSwap(false, true), flag.CompareAndSwap(false, true), flag.Load())
}
