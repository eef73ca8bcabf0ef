package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
)

type WordCount struct {
	Word  string
	Count int
}

func (w WordCount) String() string { return fmt.Sprintf("%s×%d", w.Word, w.Count) }

const text = `It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief.`

func main() {
	counts := map[string]int{}
	for line := range strings.Lines(text) {
		for w := range strings.FieldsFuncSeq(line, func(r rune) bool { return !unicode.IsLetter(r) }) {
			counts[strings.ToLower(w)]++
		}
	}
	var wcs []WordCount
	for _, w := range slices.Sorted(maps.Keys(counts)) {
		wcs = append(wcs, WordCount{w, counts[w]})
	}
	slices.SortStableFunc(wcs, func(a, b WordCount) int { return cmp.Compare(b.Count, a.Count) })
	fmt.Println(wcs[:4])
	fmt.Printf("%v|%+v|%s\n", wcs[0], wcs[1], wcs[2])
	longest := slices.MaxFunc(wcs, func(a, b WordCount) int { return cmp.Compare(len(a.Word), len(b.Word)) })
	fmt.Println(longest, len(wcs))
	groups := map[int][]string{}
	for _, wc := range wcs {
		groups[wc.Count] = append(groups[wc.Count], wc.Word)
	}
	for _, k := range slices.Backward(slices.Sorted(maps.Keys(groups))) {
		fmt.Println(k, len(groups[k]), slices.Contains(groups[k], "age"))
	}
}
