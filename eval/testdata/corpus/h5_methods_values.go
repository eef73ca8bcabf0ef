package main

import (
	"container/heap"
	"fmt"
	"io"
	"os"
	"strings"
)

type Point struct{ X, Y int }

func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }
func (p *Point) Scale(k int)      { p.X *= k; p.Y *= k }
func (p Point) String() string    { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type Shouter struct{ w io.Writer }

func (s Shouter) Write(b []byte) (int, error) {
	return s.w.Write([]byte(strings.ToUpper(string(b))))
}

type counter struct{ n int }

func (c *counter) Write(b []byte) (int, error) { c.n += len(b); return len(b), nil }

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[:n-1]
	return x
}

type Item struct {
	name string
	prio int
}
type PQ []*Item

func (q PQ) Len() int           { return len(q) }
func (q PQ) Less(i, j int) bool { return q[i].prio > q[j].prio }
func (q PQ) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *PQ) Push(x any)        { *q = append(*q, x.(*Item)) }
func (q *PQ) Pop() any          { o := *q; it := o[len(o)-1]; *q = o[:len(o)-1]; return it }

func main() {
	p := Point{1, 2}
	add := p.Add
	p = Point{10, 10}
	fmt.Println(add(Point{1, 1}))
	f := Point.Add
	fmt.Println(f(Point{1, 1}, Point{2, 2}))
	g := (*Point).Scale
	g(&p, 3)
	fmt.Println(p)
	sc := p.Scale
	sc(2)
	fmt.Println(p, p == Point{60, 60})
	m := map[Point]string{{1, 2}: "a", {0, 0}: "o"}
	fmt.Println(m)
	arr := [2]Point{{1, 1}, {2, 2}}
	arr2 := arr
	arr2[0].X = 9
	fmt.Println(arr, arr2, arr == arr2)
	fmt.Fprintf(Shouter{os.Stdout}, "hello %s\n", "world")
	c := &counter{}
	w := io.MultiWriter(c, Shouter{os.Stdout})
	fmt.Fprintln(w, "multi")
	fmt.Println(c.n)
	h := &IntHeap{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 1)
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println()
	pq := PQ{}
	for i, n := range []string{"low", "high", "mid"} {
		heap.Push(&pq, &Item{n, []int{1, 9, 5}[i]})
	}
	for pq.Len() > 0 {
		fmt.Print(heap.Pop(&pq).(*Item).name, " ")
	}
	fmt.Println()
	var sb strings.Builder
	fmt.Fprintf(&sb, "%v|%s|%d", p, p, p)
	fmt.Println(sb.String())
	ps := []*Point{{1, 2}, nil}
	fmt.Println(ps[0], len(ps))
	var st fmt.Stringer = &p
	fmt.Println(st.String(), st)
}
