// defer in the body of a range over an iterator: the deferred calls run when the
// enclosing function returns, with the arguments of the moment the defer statement ran,
// and a deferred function literal's recover stops a panic of the body.
package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

type Step struct {
	Name string
	Cost int
}

func run(steps map[string]int) (done []string, total int, failure string) {
	for name := range slices.Values(slices.Sorted(maps.Keys(steps))) {
		defer fmt.Println("undo", name, total)
		cost := steps[name]
		defer func() {
			if r := recover(); r != nil {
				failure = fmt.Sprint(name, ": ", r)
			}
		}()
		if cost < 0 {
			panic(fmt.Sprintf("negative cost %d", cost))
		}
		total += cost
		done = append(done, strings.ToUpper(name))
	}
	return done, total, ""
}

func main() {
	fmt.Println(run(map[string]int{"build": 3, "test": 2, "lint": 1}))
	fmt.Println(run(map[string]int{"build": 3, "deploy": -1, "test": 2}))
}
