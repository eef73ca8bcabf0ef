package main

import (
	"fmt"
	"sort"
	"strings"
)

type HandlerFunc func(string) string

func (f HandlerFunc) Handle(s string) string { return f(s) }

type Handler interface{ Handle(string) string }

type Router map[string]Handler

func (r Router) Serve(path, body string) string {
	h, ok := r[path]
	if !ok {
		return "404 " + path
	}
	return h.Handle(body)
}

type IntList []int

func (l IntList) Sum() (s int) {
	for _, v := range l {
		s += v
	}
	return
}

func (l *IntList) Add(v ...int) { *l = append(*l, v...) }

func (l IntList) Len() int           { return len(l) }
func (l IntList) Less(i, j int) bool { return l[i] > l[j] }
func (l IntList) Swap(i, j int)      { l[i], l[j] = l[j], l[i] }

type Set map[string]struct{}

func (s Set) Add(k string)      { s[k] = struct{}{} }
func (s Set) Has(k string) bool { _, ok := s[k]; return ok }
func (s Set) Keys() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

type upper struct{}

func (upper) Handle(s string) string { return strings.ToUpper(s) }

func main() {
	r := Router{
		"/echo":  HandlerFunc(func(s string) string { return s }),
		"/up":    upper{},
		"/twice": HandlerFunc(func(s string) string { return s + s }),
	}
	for _, p := range []string{"/echo", "/up", "/twice", "/nope"} {
		fmt.Println(r.Serve(p, "hi"))
	}
	var l IntList
	l.Add(3, 1, 2)
	l.Add()
	fmt.Println(l, l.Sum(), len(l))
	sort.Sort(l)
	fmt.Println(l)
	s := Set{}
	for _, w := range strings.Fields("b a b c a") {
		s.Add(w)
	}
	fmt.Println(s.Keys(), s.Has("c"), s.Has("z"), len(s))
	var h Handler = HandlerFunc(strings.TrimSpace)
	fmt.Printf("%q\n", h.Handle("  x  "))
	fn := l.Sum
	l = append(l, 100)
	fmt.Println(fn(), l.Sum())
}
