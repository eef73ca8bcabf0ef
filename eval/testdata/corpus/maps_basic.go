// Maps: insertion, lookup with ok, delete, len, printing in sorted order.
package main

import "fmt"

func main() {
	ages := map[string]int{"bob": 31, "alice": 29}
	ages["carol"] = 40
	fmt.Println(ages)
	v, ok := ages["dave"]
	fmt.Println(v, ok)
	delete(ages, "bob")
	fmt.Println(len(ages), ages)
	counts := make(map[rune]int)
	for _, r := range "hello world" {
		counts[r]++
	}
	fmt.Println(counts)
	nested := map[string]map[string]bool{}
	if nested["x"] == nil {
		nested["x"] = map[string]bool{}
	}
	nested["x"]["y"] = true
	fmt.Println(nested)
	var nilMap map[string]int
	fmt.Println(nilMap["missing"], len(nilMap), nilMap == nil)
	fmt.Println(map[int]string{3: "c", 1: "a", 2: "b"}, map[bool]int{true: 1, false: 0})
	fmt.Println(map[float64]string{2.5: "x", -1: "y"})
}
