// The sieve of Eratosthenes and a prime factorisation.
package main

import "fmt"

func sieve(n int) []int {
	composite := make([]bool, n+1)
	var primes []int
	for i := 2; i <= n; i++ {
		if composite[i] {
			continue
		}
		primes = append(primes, i)
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	return primes
}

func factor(n int) map[int]int {
	f := map[int]int{}
	for p := 2; p*p <= n; p++ {
		for n%p == 0 {
			f[p]++
			n /= p
		}
	}
	if n > 1 {
		f[n]++
	}
	return f
}

func main() {
	fmt.Println(sieve(50))
	fmt.Println(len(sieve(10000)))
	fmt.Println(factor(360), factor(97), factor(1001))
}
