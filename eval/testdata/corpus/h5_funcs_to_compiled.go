package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
)

type Matcher struct{ prefix string }

func (m Matcher) Match(s string) bool { return strings.HasPrefix(s, m.prefix) }

type Acc struct {
	mu  sync.Mutex
	sum int
}

func (a *Acc) Add(n int) { a.mu.Lock(); a.sum += n; a.mu.Unlock() }

type Celsius float64

func (c Celsius) Less(o Celsius) bool { return c < o }

func apply(xs []int, f func(int)) {
	for _, x := range xs {
		f(x)
	}
}

func main() {
	words := []string{"apple", "banana", "apricot", "cherry"}
	m := Matcher{"ap"}
	fmt.Println(slices.IndexFunc(words, m.Match), slices.ContainsFunc(words, Matcher{"ch"}.Match))
	filtered := slices.DeleteFunc(slices.Clone(words), m.Match)
	fmt.Println(filtered, words)
	fmt.Println(strings.Map(unicode.ToUpper, "mixed Case"), strings.FieldsFunc("a1b2c", unicode.IsDigit))
	acc := &Acc{}
	apply([]int{1, 2, 3}, acc.Add)
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		time.AfterFunc(time.Millisecond, func() { acc.Add(i * 10); wg.Done() })
	}
	wg.Wait()
	fmt.Println(acc.sum)
	temps := []Celsius{30, 10, 20}
	sort.Slice(temps, func(i, j int) bool { return temps[i].Less(temps[j]) })
	fmt.Println(temps, slices.IsSortedFunc(temps, func(a, b Celsius) int {
		if a.Less(b) {
			return -1
		}
		return 1
	}))
	less := Celsius.Less
	fmt.Println(less(1, 2), strings.IndexFunc("abc1", unicode.IsNumber))
	fns := map[string]func(string) string{"up": strings.ToUpper, "trim": strings.TrimSpace, "title": func(s string) string { return strings.ToUpper(s[:1]) + s[1:] }}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range fns {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		fmt.Printf("%s=%q ", k, fns[k](" go "))
	}
	fmt.Println()
}
