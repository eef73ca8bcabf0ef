package main

import "fmt"

func grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	default:
		return "C"
	}
}

func main() {
	for _, s := range []int{95, 85, 50} {
		fmt.Print(grade(s), " ")
	}
	fmt.Println()
	switch day := 3; day {
	case 1, 7:
		fmt.Println("weekend")
	case 2, 3, 4, 5, 6:
		fmt.Println("weekday")
		fallthrough
	case 100:
		fmt.Println("fell through")
	}
	x := 'b'
	switch x {
	case 'a':
		fmt.Println("a")
	case 'b':
		fmt.Println("b")
	}
}
