package main

import (
	"fmt"
	"sort"
	"strings"
)

type Counter struct {
	name string
	n    int
}

func (c *Counter) Inc()          { c.n++ }
func (c Counter) Report() string { return fmt.Sprintf("%s=%d", c.name, c.n) }

type Greeter struct{ greeting string }

func (g Greeter) Greet(name string) string { return g.greeting + ", " + name }

func apply(names []string, f func(string) string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = f(n)
	}
	return out
}

func main() {
	c := Counter{name: "clicks"}
	inc := c.Inc
	report := c.Report
	inc()
	inc()
	fmt.Println(c.Report(), report())
	hello := Greeter{"Hello"}.Greet
	hi := Greeter{"Hi"}
	fmt.Println(apply([]string{"ann", "bob"}, hello))
	fmt.Println(apply([]string{"cy"}, hi.Greet))
	fmt.Println(apply([]string{"MiXeD"}, strings.ToLower))
	var b strings.Builder
	write := b.WriteString
	write("abc")
	write("def")
	fmt.Println(b.String(), b.Len())
	words := []string{"pear", "fig", "banana"}
	sort.Slice(words, func(i, j int) bool { return len(words[i]) < len(words[j]) })
	fmt.Println(words)
	fmt.Printf("%T\n%T\n", inc, hello)
}
