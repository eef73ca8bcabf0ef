// Range over a function: return from the enclosing function inside the body.
package main

import "fmt"

func Words(yield func(string) bool) {
	for _, w := range []string{"alpha", "beta", "gamma", "delta"} {
		if !yield(w) {
			return
		}
	}
}

func find(prefix byte) (string, int) {
	i := 0
	for w := range Words {
		if w[0] == prefix {
			return w, i
		}
		i++
	}
	return "", -1
}

func firstLong() (result string) {
	for w := range Words {
		if len(w) > 4 {
			result = w
			return
		}
	}
	return "none"
}

func main() {
	fmt.Println(find('g'))
	fmt.Println(find('z'))
	fmt.Println(firstLong())
}
