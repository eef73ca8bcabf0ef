package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

type Money int64

func (m Money) String() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s$%d.%02d", sign, m/100, m%100)
}

type Account struct {
	ID      string
	Owner   string
	balance Money
	history []Money
}

var ErrInsufficient = errors.New("insufficient funds")

func (a *Account) Deposit(m Money) {
	a.balance += m
	a.history = append(a.history, m)
}

func (a *Account) Withdraw(m Money) error {
	if m > a.balance {
		return fmt.Errorf("withdraw %v from %s: %w", m, a.ID, ErrInsufficient)
	}
	a.balance -= m
	a.history = append(a.history, -m)
	return nil
}

func (a Account) Balance() Money { return a.balance }

type Bank struct {
	accounts map[string]*Account
}

func (b *Bank) Open(id, owner string) *Account {
	if b.accounts == nil {
		b.accounts = make(map[string]*Account)
	}
	acc := &Account{ID: id, Owner: owner}
	b.accounts[id] = acc
	return acc
}

func (b *Bank) Transfer(from, to string, m Money) error {
	src, ok := b.accounts[from]
	if !ok {
		return fmt.Errorf("no account %q", from)
	}
	dst := b.accounts[to]
	if err := src.Withdraw(m); err != nil {
		return fmt.Errorf("transfer: %w", err)
	}
	dst.Deposit(m)
	return nil
}

func (b *Bank) Report() string {
	ids := make([]string, 0, len(b.accounts))
	for id := range b.accounts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var sb strings.Builder
	for _, id := range ids {
		a := b.accounts[id]
		fmt.Fprintf(&sb, "%s %-5s %8v %v\n", id, a.Owner, a.Balance(), a.history)
	}
	return sb.String()
}

func main() {
	var bank Bank
	bank.Open("A1", "ann").Deposit(10050)
	bank.Open("B2", "bob").Deposit(500)
	fmt.Println(bank.Transfer("A1", "B2", 2575))
	err := bank.Transfer("B2", "A1", 100000)
	fmt.Println(err, errors.Is(err, ErrInsufficient))
	fmt.Println(bank.Transfer("Z9", "A1", 1))
	fmt.Print(bank.Report())
	acc := *bank.accounts["A1"]
	acc.Deposit(1)
	fmt.Println(acc.Balance(), bank.accounts["A1"].Balance(), Money(-5))
}
