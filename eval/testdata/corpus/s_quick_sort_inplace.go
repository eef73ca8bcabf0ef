package main

import (
	"fmt"
)

func quickSort(a []int) {
	if len(a) < 2 {
		return
	}
	p := a[len(a)/2]
	i, j := 0, len(a)-1
	for i <= j {
		for a[i] < p {
			i++
		}
		for a[j] > p {
			j--
		}
		if i <= j {
			a[i], a[j] = a[j], a[i]
			i++
			j--
		}
	}
	quickSort(a[:j+1])
	quickSort(a[i:])
}

func main() {
	a := []int{9, -3, 5, 2, 6, 8, -6, 1, 3}
	quickSort(a)
	fmt.Println(a)
}
