// Method values taken from interface values and from embedded fields, stored in maps.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Speaker interface{ Speak() string }

type Dog struct{ name string }

func (d Dog) Speak() string { return d.name + ": woof" }

type Robot struct{ id int }

func (r *Robot) Speak() string { return fmt.Sprintf("robot %d: beep", r.id) }

func main() {
	speakers := []Speaker{Dog{"rex"}, &Robot{7}}
	var calls []func() string
	for _, s := range speakers {
		calls = append(calls, s.Speak)
	}
	for _, c := range calls {
		fmt.Println(c())
	}
	byName := map[string]func(string) string{
		"upper": strings.ToUpper,
		"title": func(s string) string { return strings.ToUpper(s[:1]) + s[1:] },
	}
	keys := make([]string, 0)
	for k := range byName {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, byName[k]("gopher"))
	}
}
