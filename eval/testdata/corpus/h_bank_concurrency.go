package main

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

type Account struct {
	mu      sync.Mutex
	id      int
	balance int
}

var ErrFunds = errors.New("insufficient funds")

func transfer(from, to *Account, amt int) error {
	a, b := from, to
	if a.id > b.id {
		a, b = b, a
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	if from.balance < amt {
		return ErrFunds
	}
	from.balance -= amt
	to.balance += amt
	return nil
}

func main() {
	accts := make([]*Account, 4)
	for i := range accts {
		accts[i] = &Account{id: i, balance: 100}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	failures := 0
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			from, to := accts[i%4], accts[(i*3+1)%4]
			if from == to {
				return
			}
			if err := transfer(from, to, 7); errors.Is(err, ErrFunds) {
				mu.Lock()
				failures++
				mu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	total := 0
	var bals []int
	for _, a := range accts {
		total += a.balance
		bals = append(bals, a.balance)
	}
	sort.Ints(bals)
	fmt.Println("total", total, "accounts", len(bals), bals[0] >= 0)
	results := make(map[string]int)
	var rmu sync.Mutex
	var wg2 sync.WaitGroup
	for _, w := range []string{"x", "y", "x", "z", "x", "y"} {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			rmu.Lock()
			defer rmu.Unlock()
			results[w]++
		}()
	}
	wg2.Wait()
	fmt.Println(results)
	errc := make(chan error, 3)
	for i := 0; i < 3; i++ {
		go func(i int) {
			if i == 1 {
				errc <- fmt.Errorf("task %d failed", i)
				return
			}
			errc <- nil
		}(i)
	}
	var errs []error
	for i := 0; i < 3; i++ {
		if err := <-errc; err != nil {
			errs = append(errs, err)
		}
	}
	fmt.Println(errors.Join(errs...))
}
