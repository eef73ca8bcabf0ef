package main

import (
	"fmt"
	"sort"
	"strings"
)

type Account struct {
	ID      int
	Owner   string
	Balance float64
	Tags    []string
	Meta    map[string]string
}

func (a Account) Describe() string   { return fmt.Sprintf("#%d %s %.2f", a.ID, a.Owner, a.Balance) }
func (a *Account) Deposit(x float64) { a.Balance += x }

type Bank struct {
	accounts map[int]Account
	ptrs     map[int]*Account
	list     []Account
}

func main() {
	b := Bank{accounts: map[int]Account{}, ptrs: map[int]*Account{}}
	for i, name := range []string{"ann", "bob", "cy"} {
		a := Account{ID: i + 1, Owner: name, Balance: float64(10 * (i + 1)), Meta: map[string]string{}}
		b.accounts[a.ID] = a
		b.ptrs[a.ID] = &a
		b.list = append(b.list, a)
	}
	for _, a := range b.accounts {
		a.Deposit(100)
	}
	for id := range b.accounts {
		a := b.accounts[id]
		a.Balance += 1
		b.accounts[id] = a
	}
	for _, p := range b.ptrs {
		p.Deposit(5)
	}
	for i := range b.list {
		b.list[i].Deposit(0.5)
	}
	for _, a := range b.list {
		a.Tags = append(a.Tags, "x")
		a.Meta["seen"] = "yes"
	}
	ids := []int{}
	for id := range b.accounts {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		fmt.Println(b.accounts[id].Describe(), b.ptrs[id].Describe(), b.list[id-1].Describe(), b.list[id-1].Tags, b.list[id-1].Meta)
	}
	desc := b.list[0].Describe
	dep := b.list[0].Deposit
	b.list[0].Owner = "ANN"
	dep(1000)
	fmt.Println(desc(), b.list[0].Describe())
	copyList := b.list
	copyList[1].Owner = "BOB"
	arr := [2]Account{b.list[0], b.list[1]}
	arr2 := arr
	arr2[0].Owner = "changed"
	fmt.Println(b.list[1].Owner, arr[0].Owner, arr2[0].Owner)
	s := make([]Account, 0, 4)
	s = append(s, b.list...)
	t := s[:2]
	t = append(t, Account{Owner: "zed"})
	fmt.Println(len(s), s[2].Owner, t[2].Owner)
	pa := &b.list[2]
	b.list = append(b.list, Account{Owner: "new"})
	pa.Owner = "after-grow"
	fmt.Println(b.list[2].Owner, pa.Owner)
	names := make([]string, 0)
	for _, a := range b.list {
		names = append(names, strings.ToUpper(a.Owner[:1])+a.Owner[1:])
	}
	fmt.Println(strings.Join(names, ", "))
	type pair struct {
		a *Account
		n int
	}
	ps := []pair{{&b.list[0], 1}, {&b.list[1], 2}}
	for _, p := range ps {
		p.a.Balance = float64(p.n)
		p.n = 99
	}
	fmt.Println(b.list[0].Balance, b.list[1].Balance, ps[0].n)
	m := map[string][]int{}
	m["a"] = append(m["a"], 1)
	m["a"] = append(m["a"], 2)
	sl := m["a"]
	sl[0] = 100
	fmt.Println(m)
	ms := map[string]*Account{"k": {Owner: "k"}}
	ms["k"].Balance = 7
	fmt.Println(*ms["k"])
}
