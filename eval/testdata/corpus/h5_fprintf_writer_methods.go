package main

import (
	"bytes"
	"fmt"
	"strings"
)

type Log struct {
	bytes.Buffer
	lines int
}

type Name string

func (n Name) String() string { return strings.ToUpper(string(n)) }

type Sink struct{ b strings.Builder }

func (s *Sink) Write(p []byte) (int, error) { return s.b.Write(p) }
func (s *Sink) String() string              { return "sink:" + s.b.String() }

func main() {
	var l Log
	l.WriteString("a\n")
	fmt.Fprintf(&l, "b=%d %v\n", 2, Name("x"))
	fmt.Fprintln(&l, "c", Name("y"))
	fmt.Fprint(&l, Name("z"), "\n")
	fmt.Print(l.String())
	s := &Sink{}
	fmt.Fprintf(s, "%s|", Name("w"))
	fmt.Println(s, s.b.String())
}
