package main

import (
	"fmt"
	"io"
	"strings"
)

type Animal interface {
	Name() string
	Sound() string
}

type Base struct{ name string }

func (b Base) Name() string     { return b.name }
func (b Base) Sound() string    { return "..." }
func (b Base) Describe() string { return b.Name() + " says " + b.Sound() }

type Dog struct {
	Base
	breed string
}

func (d Dog) Sound() string { return "woof" }

type Puppy struct {
	*Dog
	age int
}

func (p Puppy) Name() string { return "little " + p.Dog.Name() }

type Logger interface{ Log(string) }
type prefixLogger struct {
	prefix string
	lines  []string
}

func (p *prefixLogger) Log(s string) { p.lines = append(p.lines, p.prefix+s) }

type Service struct {
	Logger
	name string
}

type countingWriter struct {
	io.Writer
	n int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return c.Writer.Write(p)
}

type ReadCloser interface {
	io.Reader
	io.Closer
}

type nopCloser struct{ io.Reader }

func (nopCloser) Close() error { return nil }

func main() {
	d := Dog{Base{"rex"}, "lab"}
	fmt.Println(d.Name(), d.Sound(), d.Describe(), d.Base.Sound())
	var a Animal = d
	fmt.Println(a.Name(), a.Sound())
	p := Puppy{&d, 1}
	a = p
	fmt.Println(a.Name(), a.Sound(), p.Describe(), p.breed)
	d.name = "max"
	fmt.Println(p.Name(), p.Dog.Base.name)
	pl := &prefixLogger{prefix: "[svc] "}
	s := Service{Logger: pl, name: "api"}
	s.Log("start")
	s.Logger.Log("stop")
	fmt.Println(pl.lines, len(pl.lines))
	var sb strings.Builder
	cw := &countingWriter{Writer: &sb}
	fmt.Fprintf(cw, "hello %s\n", "world")
	io.WriteString(cw, "more")
	fmt.Println(cw.n, sb.Len(), strings.Contains(sb.String(), "world"))
	var rc ReadCloser = nopCloser{strings.NewReader("data here")}
	b, err := io.ReadAll(rc)
	fmt.Println(string(b), err, rc.Close())
	animals := []Animal{d, p, Base{"cat"}}
	for _, an := range animals {
		switch v := an.(type) {
		case Dog:
			fmt.Println("dog", v.breed)
		case Puppy:
			fmt.Println("puppy", v.age)
		default:
			fmt.Println("other", v.Name())
		}
	}
	if desc, ok := any(p).(interface{ Describe() string }); ok {
		fmt.Println("describer:", desc.Describe())
	}
	_, isW := any(cw).(io.Writer)
	_, isR := any(cw).(io.Reader)
	fmt.Println(isW, isR)
}
