package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func Pairs(n int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		defer fmt.Println("  iterator cleanup")
		for i := 0; i < n; i++ {
			if !yield(i, i*i) {
				return
			}
		}
	}
}

func find(target int) (idx int, err error) {
	defer func() {
		if err != nil {
			idx = -100
		}
	}()
	for i, sq := range Pairs(10) {
		if sq == target {
			return i, nil
		}
	}
	return -1, fmt.Errorf("%d not a square", target)
}

func deferInBody() (log []string) {
	for i := range Pairs(3) {
		defer func() { log = append(log, fmt.Sprint("deferred ", i)) }()
	}
	log = append(log, "body done")
	return log
}

func nested() int {
	count := 0
outer:
	for i := range Pairs(4) {
		for j := range Pairs(4) {
			if j > i {
				continue outer
			}
			if i == 3 {
				break outer
			}
			count++
		}
	}
	return count
}

func panicky() (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint("recovered ", r)
		}
	}()
	for i := range Pairs(5) {
		if i == 2 {
			panic("at two")
		}
	}
	return "no panic"
}

func main() {
	fmt.Println(find(49))
	fmt.Println(find(50))
	fmt.Println(deferInBody())
	fmt.Println(nested())
	fmt.Println(panicky())
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if k == "b" {
			continue
		}
		fmt.Print(k, m[k], " ")
	}
	fmt.Println()
	next, stop := iter.Pull2(Pairs(3))
	for {
		i, sq, ok := next()
		if !ok {
			break
		}
		fmt.Print(i, ":", sq, " ")
	}
	stop()
	fmt.Println()
	for i, v := range slices.All([]string{"x", "y"}) {
		fmt.Print(i, v)
	}
	fmt.Println()
}
