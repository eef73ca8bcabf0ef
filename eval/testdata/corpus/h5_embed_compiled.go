package main

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

type Event struct {
	time.Time
	Name string
}

type Log struct {
	bytes.Buffer
	lines int
}

func (l *Log) Line(s string) {
	l.lines++
	l.WriteString(s + "\n")
}

type SafeCounter struct {
	sync.Mutex
	m map[string]int
}

type Names struct {
	sort.StringSlice
}

func upperAll(seq iter.Seq[string]) iter.Seq[string] {
	return func(yield func(string) bool) {
		for s := range seq {
			if !yield(strings.ToUpper(s)) {
				return
			}
		}
	}
}

func main() {
	e := Event{time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC), "launch"}
	fmt.Println(e.Year(), e.Month(), e.Format("2006-01-02"), e.Name)
	later := e.Add(36 * time.Hour)
	fmt.Println(later.Weekday(), later.Sub(e.Time))
	var l Log
	l.Line("a")
	l.Line("b")
	fmt.Fprintf(&l, "c=%d\n", 3)
	var w io.Writer = &l
	io.WriteString(w, "d\n")
	fmt.Print(l.String())
	fmt.Println(l.lines, l.Len())
	c := SafeCounter{m: map[string]int{}}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Lock()
			c.m["k"]++
			c.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(c.m["k"])
	n := Names{sort.StringSlice{"c", "a", "b"}}
	sort.Sort(n)
	fmt.Println(n.StringSlice, n.Len())
	got := slices.Collect(upperAll(strings.SplitSeq("x,y,z", ",")))
	fmt.Println(got)
	next, stop := iter.Pull(strings.Lines("p\nq\n"))
	defer stop()
	v1, _ := next()
	v2, _ := next()
	_, ok := next()
	fmt.Printf("%q %q %v\n", v1, v2, ok)
	sorted := slices.Sorted(strings.FieldsSeq("b c a"))
	fmt.Println(sorted)
}
