package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type Interval struct{ Lo, Hi int }

func parse(s string) []Interval {
	var out []Interval
	for _, part := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(part), "-")
		if !ok {
			continue
		}
		lo, _ := strconv.Atoi(a)
		hi, _ := strconv.Atoi(b)
		out = append(out, Interval{lo, hi})
	}
	return out
}

func merge(iv []Interval) []Interval {
	sort.Slice(iv, func(i, j int) bool { return iv[i].Lo < iv[j].Lo })
	var out []Interval
	for _, x := range iv {
		if n := len(out); n > 0 && x.Lo <= out[n-1].Hi+1 {
			if x.Hi > out[n-1].Hi {
				out[n-1].Hi = x.Hi
			}
			continue
		}
		out = append(out, x)
	}
	return out
}

func main() {
	iv := parse("5-8, 1-3, 2-4, 10-12, 13-15, 20-20, bad, 7-9")
	fmt.Println(iv)
	m := merge(iv)
	fmt.Println(m)
	covered := 0
	for _, x := range m {
		covered += x.Hi - x.Lo + 1
	}
	fmt.Println("covered:", covered)
	var gaps []string
	for i := 1; i < len(m); i++ {
		gaps = append(gaps, fmt.Sprintf("%d..%d", m[i-1].Hi+1, m[i].Lo-1))
	}
	fmt.Println(strings.Join(gaps, " "))
}
