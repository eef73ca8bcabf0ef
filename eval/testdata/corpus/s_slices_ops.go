package main

import (
	"fmt"
	"slices"
)

func main() {
	s := []int{3, 1, 4, 1, 5, 9, 2, 6}
	s2 := slices.Clone(s)
	slices.Sort(s2)
	fmt.Println(s, s2)
	fmt.Println(slices.Index(s, 5), slices.Contains(s, 7), slices.Max(s), slices.Min(s))
	s2 = slices.Compact(s2)
	fmt.Println(s2)
	s3 := slices.Insert([]int{1, 2, 3}, 1, 10, 11)
	fmt.Println(s3, slices.Delete(s3, 0, 2))
	r := []string{"a", "b", "c"}
	slices.Reverse(r)
	fmt.Println(r, slices.Equal(r, []string{"c", "b", "a"}))
	chunks := 0
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		chunks++
		fmt.Print(c)
	}
	fmt.Println(chunks)
	fmt.Println(slices.Repeat([]int{0, 1}, 3), slices.Concat([]int{1}, []int{2, 3}))
}
