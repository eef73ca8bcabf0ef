package main

import "fmt"

func findPair(nums []int, target int) (int, int, bool) {
outer:
	for i := range nums {
		for j := i + 1; j < len(nums); j++ {
			if nums[i]+nums[j] > target*2 {
				continue outer
			}
			if nums[i]+nums[j] == target {
				return i, j, true
			}
		}
	}
	return -1, -1, false
}

func retry(limit int) int {
	attempts := 0
again:
	attempts++
	if attempts < limit {
		goto again
	}
	return attempts
}

func main() {
	fmt.Println(findPair([]int{1, 9, 3, 7, 5}, 12))
	fmt.Println(findPair([]int{1, 2}, 10))
	fmt.Println(retry(5))

	grid := [][]int{{1, 2, 3}, {4, -1, 6}, {7, 8, 9}}
	sum := 0
rows:
	for r, row := range grid {
		for c, v := range row {
			if v < 0 {
				fmt.Println("negative at", r, c)
				break rows
			}
			sum += v
		}
	}
	fmt.Println("sum", sum)

	count := 0
loop:
	for i := 0; ; i++ {
		switch {
		case i%2 == 0:
			continue
		case i > 9:
			break loop
		}
		count++
	}
	fmt.Println("odd count", count)

	ch := make(chan int, 10)
	for i := 0; i < 10; i++ {
		ch <- i
	}
	close(ch)
	seen := 0
recv:
	for {
		select {
		case v, ok := <-ch:
			if !ok || v == 6 {
				break recv
			}
			seen++
		}
	}
	fmt.Println("seen", seen)

	i := 0
top:
	if i < 3 {
		fmt.Print("g", i, " ")
		i++
		goto top
	}
	fmt.Println()
}
