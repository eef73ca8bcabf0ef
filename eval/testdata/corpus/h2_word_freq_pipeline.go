package main

import (
	"bufio"
	"fmt"
	"sort"
	"strings"
	"unicode"
)

const text = `It was the best of times, it was the worst of times,
it was the age of wisdom, it was the age of foolishness,
it was the epoch of belief, it was the epoch of incredulity.`

type WC struct {
	Word  string
	Count int
}

func main() {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Split(bufio.ScanWords)
	counts := map[string]int{}
	var order []string
	for sc.Scan() {
		w := strings.ToLower(strings.TrimFunc(sc.Text(), func(r rune) bool { return !unicode.IsLetter(r) }))
		if w == "" {
			continue
		}
		if counts[w] == 0 {
			order = append(order, w)
		}
		counts[w]++
	}
	var wcs []WC
	for _, w := range order {
		wcs = append(wcs, WC{w, counts[w]})
	}
	sort.SliceStable(wcs, func(i, j int) bool { return wcs[i].Count > wcs[j].Count })
	for _, wc := range wcs[:8] {
		fmt.Printf("%-12s %3d %s\n", wc.Word, wc.Count, strings.Repeat("#", wc.Count))
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		fmt.Printf("%d: %d words, %d chars, last=%q\n", i+1, len(strings.Fields(l)), len(l), l[len(l)-6:])
	}
	byLen := map[int][]string{}
	for w := range counts {
		byLen[len(w)] = append(byLen[len(w)], w)
	}
	lens := make([]int, 0, len(byLen))
	for l := range byLen {
		lens = append(lens, l)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(lens)))
	for _, l := range lens[:3] {
		sort.Strings(byLen[l])
		fmt.Println(l, byLen[l])
	}
}
