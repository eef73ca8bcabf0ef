// Methods on map and slice types: a string set.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Set map[string]struct{}

func (s Set) Add(vs ...string) {
	for _, v := range vs {
		s[v] = struct{}{}
	}
}

func (s Set) Has(v string) bool { _, ok := s[v]; return ok }

func (s Set) Sorted() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (s Set) String() string { return "{" + strings.Join(s.Sorted(), ",") + "}" }

type Path []string

func (p Path) String() string { return strings.Join(p, "/") }

func main() {
	s := Set{}
	s.Add("b", "a", "b", "c")
	fmt.Println(len(s), s.Has("a"), s.Has("z"))
	fmt.Println(s)
	fmt.Println(s.Sorted())
	p := Path{"usr", "local", "bin"}
	fmt.Println(p, len(p))
	fmt.Printf("%v|%s\n", p, p)
}
