package main

import "fmt"

func findPair(nums []int, target int) (int, int, bool) {
	for i := range nums {
		for j := i + 1; j < len(nums); j++ {
			if nums[i]+nums[j] == target {
				return i, j, true
			}
		}
	}
	return -1, -1, false
}

func main() {
	fmt.Println(findPair([]int{2, 7, 11, 15}, 18))
	fmt.Println(findPair([]int{1, 2}, 10))
	primes := []int{}
outer:
	for n := 2; len(primes) < 10; n++ {
		for _, p := range primes {
			if p*p > n {
				break
			}
			if n%p == 0 {
				continue outer
			}
		}
		primes = append(primes, n)
	}
	fmt.Println(primes)
	grid := [][]rune{[]rune("..#."), []rune("...."), []rune(".#..")}
	count := 0
rowLoop:
	for r, row := range grid {
		for c, ch := range row {
			switch ch {
			case '#':
				fmt.Println("wall at", r, c)
				continue rowLoop
			case '.':
				count++
				if count > 8 {
					break rowLoop
				}
			}
		}
	}
	fmt.Println("count", count)
	i := 0
	for {
		i++
		if i%2 == 0 {
			continue
		}
		if i > 7 {
			break
		}
		fmt.Print(i, " ")
	}
	fmt.Println()
	ch := make(chan int)
	go func() {
		for k := 0; k < 5; k++ {
			ch <- k
		}
		close(ch)
	}()
	total := 0
recv:
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				break recv
			}
			if v == 2 {
				continue recv
			}
			total += v
		}
	}
	fmt.Println("total", total)
	x := 0
	switch {
	case x == 0:
		for k := 0; k < 3; k++ {
			if k == 1 {
				break
			}
			x += 10
		}
		fmt.Println("x", x)
	}
}
