// Named slice and map types with the generic standard library (slices, maps), a type
// defined from another, an embedded named slice, method values and fmt.Stringer.
package main

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

type Tags []string
type Labels Tags
type Bag map[string]int

type Wrapper struct {
	Tags
	N int
}

func (t Tags) Has(s string) bool { return slices.Contains(t, s) }

type Lines []string

func (l *Lines) Add(format string, args ...any) { *l = append(*l, fmt.Sprintf(format, args...)) }
func (l Lines) String() string                  { return strings.Join(l, "\n") }

func main() {
	t := Tags{"b", "a", "c"}
	slices.Sort(t)
	fmt.Println(t, t.Has("a"), slices.Index(t, "c"))
	l := Labels(t)
	fmt.Printf("%T %v\n", l, l)
	var x any = l
	_, isTags := x.(Tags)
	_, isLabels := x.(Labels)
	fmt.Println(isTags, isLabels)
	b := Bag{"k": 1, "j": 2}
	ks := slices.Sorted(maps.Keys(b))
	fmt.Println(ks)
	fmt.Printf("%v %T\n", &b, &b)
	w := Wrapper{Tags{"z"}, 1}
	fmt.Println(w.Has("z"), w.Tags, len(w.Tags))
	fmt.Printf("%+v\n", w)
	has := t.Has
	fmt.Println(has("b"))
	var lines Lines
	lines.Add("x=%d", 1)
	lines.Add("y=%s", "two")
	fmt.Println(lines)
	fmt.Printf("%s|%v|%d\n", lines, lines, len(lines))
	var st fmt.Stringer = lines
	fmt.Println(st.String() == lines.String())
	sort.Sort(sort.Reverse(sort.StringSlice(t)))
	fmt.Println(t)
	grid := [][]int{{1}}
	type Grid [][]int
	g := Grid(grid)
	fmt.Printf("%T %v\n", g, g)
	cl := slices.Clone(t)
	fmt.Printf("%T %v\n", cl, cl)
	mm := maps.Clone(b)
	fmt.Printf("%T %v\n", mm, len(mm))
	ap := append(t[:1:1], "q")
	fmt.Printf("%T %v\n", ap, ap)
}
