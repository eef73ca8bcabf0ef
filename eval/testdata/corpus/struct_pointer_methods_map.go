// Maps of pointers to structs mutated through methods, and sorting their keys.
package main

import (
	"fmt"
	"sort"
)

type Account struct {
	Owner   string
	Balance int
	history []int
}

func (a *Account) Deposit(n int) {
	a.Balance += n
	a.history = append(a.history, n)
}

func (a Account) String() string {
	return fmt.Sprintf("%s:%d(%d ops)", a.Owner, a.Balance, len(a.history))
}

func main() {
	accts := map[string]*Account{}
	for _, op := range []struct {
		who string
		n   int
	}{{"bo", 5}, {"al", 3}, {"bo", -2}, {"cy", 10}} {
		a, ok := accts[op.who]
		if !ok {
			a = &Account{Owner: op.who}
			accts[op.who] = a
		}
		a.Deposit(op.n)
	}
	names := make([]string, 0, len(accts))
	for n := range accts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Println(accts[n])
	}
	fmt.Println(*accts["bo"])
}
