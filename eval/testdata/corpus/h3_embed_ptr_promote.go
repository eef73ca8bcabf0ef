package main

import (
	"fmt"
	"strings"
)

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Logf(format string, args ...any) {
	l.lines = append(l.lines, l.prefix+fmt.Sprintf(format, args...))
}

type Base struct {
	ID   int
	Name string
}

func (b Base) Describe() string { return fmt.Sprintf("#%d %s", b.ID, b.Name) }
func (b *Base) Rename(n string) { b.Name = n }

type Service struct {
	*Logger
	Base
	Name string
}

type Describer interface{ Describe() string }

func main() {
	lg := &Logger{prefix: "[svc] "}
	s := Service{Logger: lg, Base: Base{1, "base"}, Name: "outer"}
	s.Logf("starting %s", s.Name)
	s.Rename("renamed")
	fmt.Println(s.Name, s.Base.Name, s.Describe())
	s2 := s
	s2.Logf("from copy")
	s2.Rename("copy")
	fmt.Println(len(lg.lines), s.Base.Name, s2.Base.Name)
	fmt.Println(strings.Join(lg.lines, "|"))
	var d Describer = s
	fmt.Println(d.Describe())
	var dp Describer = &s2
	s2.ID = 99
	fmt.Println(dp.Describe(), d.Describe())
	rename := s.Rename
	rename("via method value")
	fmt.Println(s.Base.Name)
	describe := Base.Describe
	fmt.Println(describe(s.Base))
	fmt.Printf("%+v\n", s.Base)
	var empty Service
	fmt.Println(empty.Logger == nil, empty.Describe())
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil) }()
		empty.Logf("boom")
	}()
}
