package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	ages := map[string]int{"zed": 40, "amy": 25, "kim": 33}
	for _, k := range slices.Sorted(maps.Keys(ages)) {
		fmt.Println(k, ages[k])
	}
	clone := maps.Clone(ages)
	clone["new"] = 1
	fmt.Println(len(ages), len(clone), maps.Equal(ages, clone))
	maps.DeleteFunc(clone, func(k string, v int) bool { return v > 30 })
	fmt.Println(slices.Sorted(maps.Keys(clone)))
	if v, ok := ages["nobody"]; !ok {
		fmt.Println("missing, zero value", v)
	}
}
