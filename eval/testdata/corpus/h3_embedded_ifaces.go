package main

import (
	"fmt"
	"io"
	"strings"
)

type Reader interface{ Read() string }
type Writer interface{ Write(s string) int }
type ReadWriter interface {
	Reader
	Writer
}

type memFile struct {
	data []string
	pos  int
}

func (m *memFile) Read() string {
	if m.pos >= len(m.data) {
		return ""
	}
	m.pos++
	return m.data[m.pos-1]
}

func (m *memFile) Write(s string) int {
	m.data = append(m.data, s)
	return len(s)
}

type logged struct {
	ReadWriter
	log []string
}

func (l *logged) Write(s string) int {
	l.log = append(l.log, "write:"+s)
	return l.ReadWriter.Write(strings.ToUpper(s))
}

type upperReader struct{ io.Reader }

func (u upperReader) Read(p []byte) (int, error) {
	n, err := u.Reader.Read(p)
	copy(p, strings.ToUpper(string(p[:n])))
	return n, err
}

type Animal interface {
	Name() string
	Sound() string
}

type base struct{ name string }

func (b base) Name() string  { return b.name }
func (b base) Sound() string { return "..." }

type Dog struct{ base }

func (Dog) Sound() string { return "woof" }

func describe(a Animal) string { return a.Name() + " says " + a.Sound() }

func main() {
	mf := &memFile{}
	var rw ReadWriter = &logged{ReadWriter: mf}
	rw.Write("hello")
	rw.Write("go")
	fmt.Println(rw.Read(), rw.Read(), rw.Read() == "")
	fmt.Println(rw.(*logged).log, mf.data)
	var r Reader = rw
	_, isW := r.(Writer)
	fmt.Println(isW)
	b, _ := io.ReadAll(upperReader{strings.NewReader("shout it")})
	fmt.Println(string(b))
	d := Dog{base{"rex"}}
	fmt.Println(describe(d), describe(d.base), d.base.Sound())
	animals := []Animal{d, base{"cat"}}
	for _, a := range animals {
		switch v := a.(type) {
		case Dog:
			fmt.Println("dog", v.name)
		case base:
			fmt.Println("base", v.name)
		}
	}
	var empty logged
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil) }()
		empty.Read()
	}()
}
