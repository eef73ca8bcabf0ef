package main

import (
	"fmt"
)

func mergeSort(xs []int) []int {
	if len(xs) <= 1 {
		return xs
	}
	mid := len(xs) / 2
	l, r := mergeSort(xs[:mid]), mergeSort(xs[mid:])
	out := make([]int, 0, len(xs))
	i, j := 0, 0
	for i < len(l) && j < len(r) {
		if l[i] <= r[j] {
			out = append(out, l[i])
			i++
		} else {
			out = append(out, r[j])
			j++
		}
	}
	out = append(out, l[i:]...)
	return append(out, r[j:]...)
}

func main() {
	fmt.Println(mergeSort([]int{38, 27, 43, 3, 9, 82, 10}))
	fmt.Println(mergeSort(nil), mergeSort([]int{1}))
}
