package main

import (
	"fmt"
	"sort"
	"strings"
)

// entry is the package-level record type.
type entry struct {
	Word  string
	Count int
}

func topWords(text string, n int) []entry {
	counts := map[string]int{}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		counts[strings.Trim(w, ".,!?")]++
	}
	var out []entry
	for w, c := range counts {
		out = append(out, entry{w, c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Word < out[j].Word
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

func letterStats(text string) string {
	// A local type with the same name as the package-level one, other fields.
	type entry struct {
		Letter rune
		N      int
		Share  float64
	}
	counts := map[rune]int{}
	total := 0
	for _, r := range text {
		if r >= 'a' && r <= 'z' {
			counts[r]++
			total++
		}
	}
	var es []entry
	for r, n := range counts {
		es = append(es, entry{r, n, float64(n) / float64(total)})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].N > es[j].N || es[i].N == es[j].N && es[i].Letter < es[j].Letter })
	var b strings.Builder
	for _, e := range es[:3] {
		fmt.Fprintf(&b, "%c=%d(%.2f) ", e.Letter, e.N, e.Share)
	}
	return b.String()
}

func events() []any {
	type event struct{ Name string }
	return []any{event{"start"}, event{"stop"}}
}

func alarms() []any {
	type event struct{ Name string }
	return []any{event{"start"}}
}

func main() {
	text := "the cat and the dog and the bird. The end!"
	for _, e := range topWords(text, 3) {
		fmt.Printf("%-5s %d\n", e.Word, e.Count)
	}
	fmt.Println(letterStats(text))
	fmt.Printf("%+v %T\n", entry{"x", 1}, entry{})
	ev, al := events(), alarms()
	fmt.Println(ev[0] == al[0], ev[0] == ev[0], len(map[any]bool{ev[0]: true, al[0]: true}))
	fmt.Printf("%T %v %+v\n", ev[1], ev[1], al[0])
	for i := 0; i < 2; i++ {
		type point struct{ X, Y int }
		p := point{i, i * i}
		fmt.Printf("%v %#v\n", p, p)
	}
}
