package main

import (
	"bufio"
	"fmt"
	"sort"
	"strings"
	"unicode"
)

const text = `The quick brown fox jumps over the lazy dog.
The dog barks; the fox runs!  Quick, quick -- said the bird.
Über-fast foxes aren't lazy.`

func main() {
	sc := bufio.NewScanner(strings.NewReader(text))
	counts := map[string]int{}
	lines := 0
	for sc.Scan() {
		lines++
		words := strings.FieldsFunc(sc.Text(), func(r rune) bool {
			return !unicode.IsLetter(r) && r != '\''
		})
		for _, w := range words {
			counts[strings.ToLower(w)]++
		}
	}
	type kv struct {
		k string
		v int
	}
	var list []kv
	for k, v := range counts {
		list = append(list, kv{k, v})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].v != list[j].v {
			return list[i].v > list[j].v
		}
		return list[i].k < list[j].k
	})
	fmt.Println("lines:", lines, "distinct:", len(list))
	for _, e := range list[:6] {
		fmt.Printf("%-6s %2d\n", e.k, e.v)
	}
	ws := bufio.NewScanner(strings.NewReader("a  b\tc\n\nd"))
	ws.Split(bufio.ScanWords)
	n := 0
	for ws.Scan() {
		n++
	}
	fmt.Println("words:", n)
	title := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return '_'
		}
		return unicode.ToUpper(r)
	}, "über fast")
	fmt.Println(title, len(title), len([]rune(title)))
}
