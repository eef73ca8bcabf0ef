// A stack and a queue on slices, and a balanced-brackets checker.
package main

import "fmt"

func balanced(s string) bool {
	pairs := map[rune]rune{')': '(', ']': '[', '}': '{'}
	var stack []rune
	for _, r := range s {
		switch r {
		case '(', '[', '{':
			stack = append(stack, r)
		case ')', ']', '}':
			if len(stack) == 0 || stack[len(stack)-1] != pairs[r] {
				return false
			}
			stack = stack[:len(stack)-1]
		}
	}
	return len(stack) == 0
}

func main() {
	for _, s := range []string{"([]{})", "(]", "((", ""} {
		fmt.Printf("%q %v\n", s, balanced(s))
	}
	queue := []string{"a", "b"}
	queue = append(queue, "c")
	for len(queue) > 0 {
		var head string
		head, queue = queue[0], queue[1:]
		fmt.Print(head)
	}
	fmt.Println()
}
