package main

import (
	"container/heap"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type hnode struct {
	ch          rune
	freq        int
	left, right *hnode
	order       int
}

type hheap []*hnode

func (h hheap) Len() int { return len(h) }
func (h hheap) Less(i, j int) bool {
	if h[i].freq != h[j].freq {
		return h[i].freq < h[j].freq
	}
	return h[i].order < h[j].order
}
func (h hheap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *hheap) Push(x any)   { *h = append(*h, x.(*hnode)) }
func (h *hheap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func codes(n *hnode, prefix string, out map[rune]string) {
	if n == nil {
		return
	}
	if n.left == nil && n.right == nil {
		out[n.ch] = prefix
		return
	}
	codes(n.left, prefix+"0", out)
	codes(n.right, prefix+"1", out)
}

func rle(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && rs[j] == rs[i] {
			j++
		}
		b.WriteString(strconv.Itoa(j - i))
		b.WriteRune(rs[i])
		i = j
	}
	return b.String()
}

func unrle(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n = n*10 + int(r-'0')
			continue
		}
		b.WriteString(strings.Repeat(string(r), n))
		n = 0
	}
	return b.String()
}

func main() {
	text := "abracadabra alakazam"
	freq := map[rune]int{}
	for _, r := range text {
		freq[r]++
	}
	var keys []rune
	for r := range freq {
		keys = append(keys, r)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	h := &hheap{}
	for i, r := range keys {
		*h = append(*h, &hnode{ch: r, freq: freq[r], order: i})
	}
	heap.Init(h)
	order := len(keys)
	for h.Len() > 1 {
		a := heap.Pop(h).(*hnode)
		b := heap.Pop(h).(*hnode)
		heap.Push(h, &hnode{freq: a.freq + b.freq, left: a, right: b, order: order})
		order++
	}
	root := heap.Pop(h).(*hnode)
	table := map[rune]string{}
	codes(root, "", table)
	bits := 0
	for _, r := range keys {
		fmt.Printf("%q:%d:%s ", r, freq[r], table[r])
		bits += freq[r] * len(table[r])
	}
	fmt.Println()
	fmt.Println("bits", bits, "vs", len(text)*8, root.freq)
	for _, s := range []string{"WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW", "aabcccccaaa", "ééé€", ""} {
		e := rle(s)
		fmt.Printf("%q -> %q ok=%v\n", s, e, unrle(e) == s)
	}
}
