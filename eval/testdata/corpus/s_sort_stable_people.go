package main

import (
	"fmt"
	"slices"
	"strings"
)

type Person struct {
	Name string
	City string
}

func main() {
	people := []Person{{"a", "Oslo"}, {"b", "Rome"}, {"c", "Oslo"}, {"d", "Lima"}, {"e", "Rome"}}
	slices.SortStableFunc(people, func(x, y Person) int { return strings.Compare(x.City, y.City) })
	for _, p := range people {
		fmt.Print(p.City, ":", p.Name, " ")
	}
	fmt.Println()
	byCity := map[string][]string{}
	for _, p := range people {
		byCity[p.City] = append(byCity[p.City], p.Name)
	}
	fmt.Println(byCity["Oslo"], byCity["Rome"], len(byCity))
}
