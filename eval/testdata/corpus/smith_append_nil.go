// nil appended to a slice of a pointer, func, map, chan or slice type, compiled or the
// cell's, is that type's nil: append(b, nil) with b a []*strings.Builder panicked in
// reflect (yaegi patch 125).
package main

import (
	"fmt"
	"strings"
)

type S struct{ A int }

func main() {
	b := []*strings.Builder{}
	b = append(b, nil)
	b = append(b, nil, &strings.Builder{}, nil)
	fmt.Println(len(b), b[0] == nil, b[1] == nil, b[2] == nil, b[3] == nil)
	p := []*S{}
	p = append(p, nil)
	p = append(p, &S{1}, nil)
	fmt.Println(len(p), p[0] == nil, p[1].A, p[2] == nil)
	var fs []func() int
	fs = append(fs, nil)
	fmt.Println(len(fs), fs[0] == nil)
	var ms []map[string]int
	ms = append(ms, nil, map[string]int{"a": 1})
	fmt.Println(len(ms), ms[0] == nil, ms[1])
	var es []error
	es = append(es, nil)
	fmt.Println(len(es), es[0] == nil)
	var as []any
	as = append(as, nil, 1)
	fmt.Println(len(as), as[0] == nil, as[1])
	var ss [][]int
	ss = append(ss, nil)
	fmt.Println(len(ss), ss[0] == nil)
	var cs []chan int
	cs = append(cs, nil)
	fmt.Println(len(cs), cs[0] == nil)
	var sb []fmt.Stringer
	sb = append(sb, nil)
	fmt.Println(len(sb), sb[0] == nil)
}
