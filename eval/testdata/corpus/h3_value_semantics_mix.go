package main

import "fmt"

type T struct{ n int }

func (t T) Get() int { return t.n }

func main() {
	arr := [3]int{1, 2, 3}
	for i, v := range arr {
		arr[2] = 100
		if i == 2 {
			fmt.Println("array range copy:", v)
		}
	}
	sl := []int{1, 2, 3}
	for i, v := range sl {
		sl[2] = 100
		if i == 2 {
			fmt.Println("slice range sees:", v)
		}
	}
	pa := &arr
	for i, v := range pa {
		pa[2] = 7
		if i == 2 {
			fmt.Println("array pointer range sees:", v)
		}
	}
	s := "abc"
	for i, c := range s {
		s = "xyz"
		fmt.Print(i, string(c))
	}
	fmt.Println(s)
	const k = len("abcd")
	var fixed [k * 2]int
	fmt.Println(len(fixed))
	dst := []int{1, 2, 3, 4, 5}
	n := copy(dst[1:], dst)
	fmt.Println(n, dst)
	rows := make([][]int, 2)
	base := []int{0, 0}
	rows[0], rows[1] = base, base
	rows[0][1] = 9
	fmt.Println(rows)
	x := []int{1, 2, 3}
	y := append(x[:0:0], x...)
	y[0] = 50
	fmt.Println(x, y)
	fmt.Println(string([]rune{0x48, -1, 0x110000}), len(string(rune(0x10FFFF))))
	ai := [2]any{1, "a"}
	bi := [2]any{1, "a"}
	fmt.Println(ai == bi)
	type pair struct {
		a any
		b [2]int
	}
	fmt.Println(pair{1, [2]int{1}} == pair{1, [2]int{1}}, pair{1, [2]int{}} == pair{int64(1), [2]int{}})
	i := 0
loop:
	if i < 3 {
		i++
		goto loop
	}
	fmt.Println(i)
	var m map[string][]int
	fmt.Println(len(m["x"]), m["x"] == nil)
	ms := map[string][]int{}
	ms["a"] = append(ms["a"], 1, 2)
	fmt.Println(ms)
	type S struct{ A [2]int }
	s1 := S{[2]int{1, 2}}
	s2 := s1
	s2.A[0] = 9
	fmt.Println(s1, s2)
	ps := []*S{&s1}
	ps[0].A[1] = 7
	fmt.Println(s1.A)
	mp := map[string]*S{"k": &s2}
	mp["k"].A[1] = 3
	fmt.Println(s2)
}
