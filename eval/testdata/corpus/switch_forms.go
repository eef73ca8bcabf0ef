// Switch forms: expression, no condition, fallthrough, several values per case, init.
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
		fmt.Print(grade(s))
	}
	fmt.Println()
	switch day := 3; day {
	case 1, 2, 3, 4, 5:
		fmt.Println("weekday")
	case 6, 7:
		fmt.Println("weekend")
	}
	switch x := 1; x {
	case 1:
		fmt.Println("one")
		fallthrough
	case 2:
		fmt.Println("two")
	case 3:
		fmt.Println("three")
	}
	s := "b"
	switch s {
	case "a":
	case "b":
		fmt.Println("matched b")
		if s == "b" {
			break
		}
		fmt.Println("not printed")
	}
}
