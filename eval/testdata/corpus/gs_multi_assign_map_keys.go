package main

import "fmt"

func main() {
	m := map[int]int{0: 1}
	i := 0
	i, m[i] = 1, 2
	s := []int{0, 0}
	j := 0
	j, s[j] = 1, 5
	old := map[string]int{}
	cur := old
	cur, cur["k"] = map[string]int{}, 3
	key := "a"
	names := map[string]string{}
	names[key], key = "first", "b"
	fmt.Println(m, i, s, j, old, cur, names, key)
}
