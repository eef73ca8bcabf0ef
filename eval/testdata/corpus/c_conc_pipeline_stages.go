package main

import (
	"fmt"
	"strings"
)

func gen(words ...string) <-chan string {
	out := make(chan string)
	go func() {
		defer close(out)
		for _, w := range words {
			out <- w
		}
	}()
	return out
}

func stage(in <-chan string, f func(string) string) <-chan string {
	out := make(chan string, 2)
	go func() {
		defer close(out)
		for s := range in {
			out <- f(s)
		}
	}()
	return out
}

func filter(in <-chan string, keep func(string) bool) <-chan string {
	out := make(chan string)
	go func() {
		defer close(out)
		for s := range in {
			if keep(s) {
				out <- s
			}
		}
	}()
	return out
}

func main() {
	src := gen("gopher", "Rust", "zig", "Python", "c", "haskell")
	lower := stage(src, strings.ToLower)
	long := filter(lower, func(s string) bool { return len(s) > 2 })
	decorated := stage(long, func(s string) string { return "<" + s + ">" })
	var got []string
	for s := range decorated {
		got = append(got, s)
	}
	fmt.Println(strings.Join(got, " "), len(got))
	counts := make(chan int)
	go func() {
		defer close(counts)
		for s := range gen(got...) {
			counts <- len(s)
		}
	}()
	total := 0
	for n := range counts {
		total += n
	}
	fmt.Println("chars", total)
}
