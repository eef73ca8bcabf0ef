package main

import "fmt"

func findPair(grid [][]int, target int) (int, int, bool) {
	for i, row := range grid {
		for j, v := range row {
			if v == target {
				return i, j, true
			}
		}
	}
	return -1, -1, false
}

func main() {
	grid := [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	count := 0
rows:
	for i := range grid {
		for j := range grid[i] {
			if grid[i][j]%4 == 0 {
				continue rows
			}
			if grid[i][j] == 8 {
				break rows
			}
			count += grid[i][j]
		}
	}
	fmt.Println(count)
	fmt.Println(findPair(grid, 6))
	fmt.Println(findPair(grid, 10))
	primes := []int{}
next:
	for n := 2; len(primes) < 10; n++ {
		for _, p := range primes {
			if p*p > n {
				break
			}
			if n%p == 0 {
				continue next
			}
		}
		primes = append(primes, n)
	}
	fmt.Println(primes)
	i := 0
loop:
	switch {
	case i < 3:
		i++
		goto loop
	}
	fmt.Println(i)
	ch := make(chan int, 10)
	for k := 0; k < 10; k++ {
		ch <- k
	}
	close(ch)
	got := 0
recv:
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				break recv
			}
			if v%2 == 0 {
				continue recv
			}
			got += v
		}
	}
	fmt.Println(got)
	total := 0
	for a := 0; a < 4; a++ {
		switch a {
		case 1:
			continue
		case 3:
			break
		default:
			total += 10
		}
		total++
	}
	fmt.Println(total)
}
