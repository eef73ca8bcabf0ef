package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type Reader interface{ Read() string }
type Writer interface{ Write(s string) }
type ReadWriter interface {
	Reader
	Writer
}

type Buffer struct {
	sync.Mutex
	data []string
}

func (b *Buffer) Write(s string) { b.Lock(); defer b.Unlock(); b.data = append(b.data, s) }
func (b *Buffer) Read() string   { b.Lock(); defer b.Unlock(); return strings.Join(b.data, ",") }

type Locker interface {
	Lock()
	Unlock()
}

type Logger struct {
	ReadWriter
	prefix string
}

func (l Logger) Write(s string) { l.ReadWriter.Write(l.prefix + s) }

type Shape interface {
	Area() float64
	Perimeter() float64
}
type Sq struct{ s float64 }

func (q Sq) Area() float64      { return q.s * q.s }
func (q Sq) Perimeter() float64 { return 4 * q.s }

type byArea []Shape

func (a byArea) Len() int           { return len(a) }
func (a byArea) Less(i, j int) bool { return a[i].Area() < a[j].Area() }
func (a byArea) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }

func main() {
	b := &Buffer{}
	var rw ReadWriter = b
	rw.Write("x")
	var l Locker = b
	l.Lock()
	l.Unlock()
	lg := Logger{b, "> "}
	lg.Write("y")
	var w Writer = lg
	w.Write("z")
	fmt.Println(lg.Read(), b.Read())
	_, ok := w.(Reader)
	_, ok2 := any(Sq{}).(Writer)
	fmt.Println(ok, ok2)
	shapes := byArea{Sq{3}, Sq{1}, Sq{2}}
	sort.Sort(shapes)
	for _, s := range shapes {
		fmt.Print(s.Area(), " ")
	}
	fmt.Println()
	var s Shape
	fmt.Println(s == nil)
	var sp *Sq
	s = sp
	fmt.Println(s == nil, s != nil)
	fmt.Printf("%T %v\n", s, s)
	var e error
	fmt.Printf("%v %T\n", e, e)
}
