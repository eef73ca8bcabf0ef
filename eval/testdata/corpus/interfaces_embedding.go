// Interface embedding and a type that satisfies a composed interface.
package main

import (
	"fmt"
	"strings"
)

type Reader interface{ Read() string }
type Writer interface{ Write(s string) }
type ReadWriter interface {
	Reader
	Writer
}

type Buffer struct{ data []string }

func (b *Buffer) Write(s string) { b.data = append(b.data, s) }
func (b *Buffer) Read() string {
	if len(b.data) == 0 {
		return ""
	}
	s := b.data[0]
	b.data = b.data[1:]
	return s
}

func copyAll(dst Writer, src Reader) int {
	n := 0
	for s := src.Read(); s != ""; s = src.Read() {
		dst.Write(strings.ToUpper(s))
		n++
	}
	return n
}

func main() {
	var rw ReadWriter = &Buffer{}
	rw.Write("a")
	rw.Write("b")
	out := &Buffer{}
	fmt.Println(copyAll(out, rw))
	fmt.Println(out.data)
	var r Reader = out
	if w, ok := r.(Writer); ok {
		w.Write("c")
	}
	fmt.Println(len(out.data))
}
