package main

import (
	"fmt"
	"sort"
	"strings"
)

type Animal interface {
	Name() string
	Sound() string
}

type Base struct{ name string }

func (b Base) Name() string  { return b.name }
func (b Base) Sound() string { return "..." }

type Dog struct {
	Base
	tricks []string
}

func (d Dog) Sound() string { return "woof" }

type Cat struct{ *Base }

func (c Cat) Sound() string { return "meow by " + c.Name() }

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Log(s string) { l.lines = append(l.lines, l.prefix+s) }

type Service struct {
	*Logger
	Name string
}

type ReadWriter interface {
	Reader
	Writer
}
type Reader interface{ Read() string }
type Writer interface{ Write(string) }

type Buf struct{ data []string }

func (b *Buf) Read() string {
	if len(b.data) == 0 {
		return ""
	}
	s := b.data[0]
	b.data = b.data[1:]
	return s
}
func (b *Buf) Write(s string) { b.data = append(b.data, s) }

func main() {
	zoo := []Animal{Dog{Base{"rex"}, nil}, Cat{&Base{"tom"}}, Base{"generic"}}
	sort.Slice(zoo, func(i, j int) bool { return zoo[i].Name() < zoo[j].Name() })
	for _, a := range zoo {
		fmt.Printf("%s says %s (%T)\n", a.Name(), a.Sound(), a)
	}
	d := Dog{Base: Base{"fido"}}
	fmt.Println(d.Base.Sound(), d.Sound(), d.name)
	lg := &Logger{prefix: "> "}
	s1 := Service{lg, "a"}
	s2 := Service{lg, "b"}
	s1.Log("one")
	s2.Log("two")
	fmt.Println(strings.Join(lg.lines, "|"), len(s1.lines))
	var rw ReadWriter = &Buf{}
	rw.Write("x")
	rw.Write("y")
	var r Reader = rw
	fmt.Println(r.Read(), rw.Read(), rw.Read() == "")
	if w, ok := r.(Writer); ok {
		w.Write("z")
	}
	fmt.Println(r.Read())
	_, isDog := zoo[0].(Dog)
	_, isCat := zoo[2].(Cat)
	fmt.Println(isDog, isCat)
	switch v := zoo[1].(type) {
	case Cat:
		fmt.Println("cat", v.name)
	case Dog:
		fmt.Println("dog", v.name)
	default:
		fmt.Println("other", v.Name())
	}
}
