// Generic functions of package maps, with sorted keys for printing.
package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	m := map[string]int{"one": 1, "two": 2, "three": 3}
	c := maps.Clone(m)
	c["four"] = 4
	fmt.Println(len(m), len(c), maps.Equal(m, c))
	delete(c, "four")
	fmt.Println(maps.Equal(m, c))
	maps.DeleteFunc(c, func(k string, v int) bool { return v%2 == 1 })
	fmt.Println(c)
	dst := map[string]int{"zero": 0}
	maps.Copy(dst, m)
	fmt.Println(dst)
	keys := slices.Collect(maps.Keys(m))
	slices.Sort(keys)
	fmt.Println(keys)
	vals := slices.Sorted(maps.Values(m))
	fmt.Println(vals)
}
