package main

import (
	"fmt"
	"io"
	"strings"
)

type Reader interface{ Read() string }
type Writer interface{ Write(s string) }
type ReadWriter interface {
	Reader
	Writer
}

type Buffer struct{ data []string }

func (b *Buffer) Read() string {
	if len(b.data) == 0 {
		return ""
	}
	s := b.data[0]
	b.data = b.data[1:]
	return s
}
func (b *Buffer) Write(s string) { b.data = append(b.data, s) }

type Logger struct {
	Writer
	prefix string
}

func (l Logger) Log(s string) { l.Write(l.prefix + s) }

type rot13 struct{ r io.Reader }

func (r rot13) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	for i := 0; i < n; i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z':
			p[i] = 'a' + (c-'a'+13)%26
		case c >= 'A' && c <= 'Z':
			p[i] = 'A' + (c-'A'+13)%26
		}
	}
	return n, err
}

func main() {
	b := &Buffer{}
	var rw ReadWriter = b
	rw.Write("one")
	rw.Write("two")
	var r Reader = rw
	fmt.Println(r.Read())
	if w, ok := r.(Writer); ok {
		w.Write("three")
	}
	fmt.Println(b.data)
	lg := Logger{Writer: b, prefix: "> "}
	lg.Log("hello")
	fmt.Println(b.data, len(b.data))
	var sb strings.Builder
	io.Copy(&sb, rot13{strings.NewReader("Hello, Gopher!")})
	fmt.Println(sb.String())
	var any1 any = b
	_, isRW := any1.(ReadWriter)
	_, isStringer := any1.(fmt.Stringer)
	fmt.Println(isRW, isStringer)
	var w io.Writer = &sb
	_, isRd := w.(io.Reader)
	_, isSW := w.(io.StringWriter)
	fmt.Println(isRd, isSW)
}
