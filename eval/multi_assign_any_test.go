package eval

import (
	"strings"
	"testing"
)

// multiAssignAnySrc assigns values of the empty interface type in multiple
// assignments: a variable, an interpreted function's result, a swap, a redeclaring
// short variable declaration, and the heap.Interface Pop of Go's test chan/sieve2.go
// (called by container/heap). Expected output from go run (corpus program
// multi_assign_any).
const multiAssignAnySrc = `package main

import (
	"container/heap"
	"fmt"
)

type P struct{ head int }

type H []*P

func (h H) Len() int           { return len(h) }
func (h H) Less(i, j int) bool { return h[i].head < h[j].head }
func (h H) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *H) Push(v any)        { *h = append(*h, v.(*P)) }
func (h *H) Pop() (v any) {
	*h, v = (*h)[:h.Len()-1], (*h)[h.Len()-1]
	return
}

func toAny(v any) any { return v }

func main() {
	var v, w any
	var n int
	w = 5
	n, v = 1, w
	fmt.Println(n, v)
	n, v = 2, toAny("two")
	fmt.Println(n, v)
	v, w = w, v
	fmt.Println(v, w)
	k, w := 3, v
	fmt.Println(k, w)
	var e error
	var s fmt.Stringer
	e, v = nil, nil
	fmt.Println(e, v, s)
	h := &H{{5}, {2}, {8}}
	heap.Init(h)
	heap.Push(h, &P{1})
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h).(*P).head, " ")
	}
	fmt.Println()
}
`

// Patch 170: a multiple assignment holds a value of an empty interface type as one
// while it evaluates the others. It held it as the interpreter's interface of methods,
// and panicked ("reflect.Set: value of type interface {} is not assignable to type
// interp.valueInterface": n, v = 1, w with w an any; Go's test chan/sieve2.go).
func TestMultipleAssignmentOfEmptyInterface(t *testing.T) {
	want := "1 5\n2 two\n5 two\n3 5\n<nil> <nil> <nil>\n1 2 5 8 \n"
	if got := yaegiStdout(t, multiAssignAnySrc); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(multiAssignAnySrc, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}
