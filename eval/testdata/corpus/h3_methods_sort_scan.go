package main

import (
	"fmt"
	"sort"
	"strings"
)

type Animal interface{ Sound() string }
type Dog struct{ name string }

func (d Dog) Sound() string { return d.name + " woofs" }

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

type byLenDesc struct{ byLen }

func (b byLenDesc) Less(i, j int) bool { return b.byLen.Less(j, i) }

type Temp struct{ C float64 }
type Reading struct{ C float64 }

type Matrix [2][2]int

func (m Matrix) T() Matrix {
	m[0][1], m[1][0] = m[1][0], m[0][1]
	return m
}

func (m *Matrix) Inc() {
	for i := range m {
		for j := range m[i] {
			m[i][j]++
		}
	}
}

func main() {
	var a Animal = Dog{"rex"}
	snd := a.Sound
	a = Dog{"fido"}
	fmt.Println(snd(), a.Sound())
	ws := []string{"ccc", "a", "bb", "dddd"}
	sort.Sort(byLenDesc{ws})
	fmt.Println(ws)
	t := Temp{21.5}
	r := Reading(t)
	r.C++
	fmt.Println(t, r)
	m := Matrix{{1, 2}, {3, 4}}
	mt := m.T()
	m.Inc()
	fmt.Println(m, mt)
	var f func() int
	fmt.Println(f == nil)
	f = func() int { return 1 }
	fmt.Println(f != nil, f())
	counts := [3]int{}
	bump := func(i int) { counts[i]++ }
	bump(1)
	bump(1)
	fmt.Println(counts)
	type kv struct {
		k string
		v int
	}
	data := map[string]int{"x": 3, "y": 1, "z": 2}
	var kvs []kv
	for k, v := range data {
		kvs = append(kvs, kv{k, v})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
	fmt.Println(kvs)
	var sb strings.Builder
	for i := 3; i > 0; i-- {
		defer func(n int) { sb.WriteString(fmt.Sprint(n)) }(i)
	}
	if v, err := fmt.Sscanf("10 abc", "%d %s", new(int), new(string)); err != nil {
		fmt.Println("err", err)
	} else if v == 2 {
		fmt.Println("scanned", v)
	}
	var x, y int
	var name string
	n, err := fmt.Sscan("7 8 bob", &x, &y, &name)
	fmt.Println(n, err, x+y, name)
	_, err = fmt.Sscanf("12:34", "%d:%d", &x, &y)
	fmt.Println(x, y, err)
	var hex int
	fmt.Sscanf("ff", "%x", &hex)
	fmt.Println(hex)
	type Celsius float64
	type Temps []Celsius
	ts := Temps{1.5, -2}
	total := Celsius(0)
	for _, c := range ts {
		total += c
	}
	fmt.Printf("%.2f %T %v\n", total, total, ts)
	ch := make(chan Dog, 1)
	ch <- Dog{"ch"}
	fmt.Println((<-ch).Sound())
	fn := map[bool]func(int) int{true: func(i int) int { return i * 2 }, false: func(i int) int { return -i }}
	fmt.Println(fn[3 > 2](5), fn[false](5))
}
