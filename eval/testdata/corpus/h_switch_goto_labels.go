package main

import "fmt"

func classify(n int) string {
	switch {
	case n < 0:
		return "neg"
	case n == 0:
		return "zero"
	case n%2 == 0:
		return "even"
	}
	return "odd"
}

func grade(score int) []string {
	var out []string
	switch {
	case score >= 90:
		out = append(out, "A")
		fallthrough
	case score >= 80:
		out = append(out, "B+")
		fallthrough
	case score >= 70:
		out = append(out, "pass")
	default:
		out = append(out, "fail")
	}
	return out
}

func main() {
	for _, n := range []int{-3, 0, 4, 7} {
		fmt.Print(classify(n), " ")
	}
	fmt.Println()
	fmt.Println(grade(95), grade(85), grade(72), grade(10))
	i := 0
loop:
	if i < 3 {
		fmt.Print("goto", i, " ")
		i++
		goto loop
	}
	fmt.Println()
	matrix := [][]int{{1, 2, 3}, {4, -1, 6}, {7, 8, 9}}
rows:
	for r, row := range matrix {
		for c, v := range row {
			if v < 0 {
				fmt.Println("negative at", r, c)
				continue rows
			}
			if v == 8 {
				fmt.Println("eight at", r, c)
				break rows
			}
		}
		fmt.Println("row done", r)
	}
	switch c := 'b'; c {
	case 'a', 'e', 'i':
		fmt.Println("vowel")
	case 'b':
		fmt.Println("b!")
		if c == 'b' {
			break
		}
		fmt.Println("unreached")
	}
	n := 0
	for {
		n++
		switch {
		case n == 2:
			continue
		case n > 4:
			goto done
		}
		fmt.Print(n, " ")
	}
done:
	fmt.Println("done at", n)
}
