// Recursion: factorial, fibonacci, permutations, towers of Hanoi.
package main

import "fmt"

func fact(n uint64) uint64 {
	if n == 0 {
		return 1
	}
	return n * fact(n-1)
}

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func perms(s []rune, k int, out *[]string) {
	if k == len(s) {
		*out = append(*out, string(s))
		return
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		perms(s, k+1, out)
		s[k], s[i] = s[i], s[k]
	}
}

func hanoi(n int, from, to, via string, moves *int) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves++
	hanoi(n-1, via, to, from, moves)
}

func main() {
	fmt.Println(fact(20), fib(20))
	var ps []string
	perms([]rune("abc"), 0, &ps)
	fmt.Println(ps)
	moves := 0
	hanoi(10, "a", "c", "b", &moves)
	fmt.Println(moves)
}
