package main

import "fmt"

func grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	case score >= 70:
		return "C"
	}
	return "F"
}

func perks(level int) []string {
	var p []string
	switch level {
	case 3:
		p = append(p, "lounge")
		fallthrough
	case 2:
		p = append(p, "priority")
		fallthrough
	case 1:
		p = append(p, "miles")
	default:
		p = append(p, "none")
	}
	return p
}

func classify(r rune) string {
	switch r {
	case 'a', 'e', 'i', 'o', 'u':
		return "vowel"
	case ' ', '\t':
		return "space"
	}
	switch {
	case r >= '0' && r <= '9':
		return "digit"
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		return "consonant"
	default:
		return "other"
	}
}

func sideEffects() {
	calls := 0
	f := func(n int) int { calls++; return n }
	switch x := 2; x {
	case f(1), f(2), f(3):
		fmt.Println("matched after", calls, "calls")
	}
}

func main() {
	for _, s := range []int{95, 85, 72, 10} {
		fmt.Print(grade(s), " ")
	}
	fmt.Println()
	for l := 0; l <= 3; l++ {
		fmt.Println(l, perks(l))
	}
	for _, r := range "a1 Z!" {
		fmt.Print(classify(r), ",")
	}
	fmt.Println()
	sideEffects()
	switch x := 5; {
	case x > 3:
		fmt.Println("big")
		if x == 5 {
			break
		}
		fmt.Println("unreached")
	case x > 1:
		fmt.Println("medium")
	}
}
