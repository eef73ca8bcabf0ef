package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

var ErrInsufficient = errors.New("insufficient funds")

type Account struct {
	ID      string
	Balance int
	History []string
}

type Bank struct{ accounts map[string]*Account }

func (b *Bank) Open(id string, initial int) *Account {
	if b.accounts == nil {
		b.accounts = make(map[string]*Account)
	}
	a := &Account{ID: id, Balance: initial}
	b.accounts[id] = a
	return a
}

type TransferError struct {
	From, To string
	Err      error
}

func (e *TransferError) Error() string {
	return fmt.Sprintf("transfer %s->%s: %v", e.From, e.To, e.Err)
}
func (e *TransferError) Unwrap() error { return e.Err }

func (b *Bank) Transfer(from, to string, amt int) error {
	f, ok := b.accounts[from]
	if !ok {
		return &TransferError{from, to, fmt.Errorf("no account %q", from)}
	}
	t := b.accounts[to]
	if f.Balance < amt {
		return &TransferError{from, to, ErrInsufficient}
	}
	f.Balance -= amt
	t.Balance += amt
	f.History = append(f.History, fmt.Sprintf("-%d", amt))
	t.History = append(t.History, fmt.Sprintf("+%d", amt))
	return nil
}

func main() {
	var b Bank
	b.Open("alice", 100)
	b.Open("bob", 50)
	for _, tr := range []struct {
		f, t string
		a    int
	}{{"alice", "bob", 30}, {"bob", "alice", 500}, {"carol", "bob", 1}, {"bob", "alice", 80}} {
		if err := b.Transfer(tr.f, tr.t, tr.a); err != nil {
			var te *TransferError
			fmt.Println("error:", err, errors.Is(err, ErrInsufficient), errors.As(err, &te) && te.From == tr.f)
		}
	}
	ids := make([]string, 0, len(b.accounts))
	for id := range b.accounts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		a := b.accounts[id]
		fmt.Printf("%-6s %4d %s\n", a.ID, a.Balance, strings.Join(a.History, ","))
	}
	fmt.Printf("%+v\n", *b.accounts["bob"])
}
