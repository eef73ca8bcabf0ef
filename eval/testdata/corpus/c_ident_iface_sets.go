package main

import (
	"fmt"
	"io"
	"strings"
)

type Sizer interface{ Size() int }
type Namer interface{ Name() string }
type File interface {
	Sizer
	Namer
}

type Doc struct {
	title string
	body  string
}

func (d Doc) Size() int    { return len(d.body) }
func (d Doc) Name() string { return d.title }

type Blob []byte

func (b Blob) Size() int { return len(b) }

type Named string

func (n Named) Name() string { return string(n) }

func main() {
	things := []any{Doc{"a.txt", "hello"}, Blob{1, 2, 3}, Named("n"), &Doc{"p.md", "x"}, strings.NewReader("abc")}
	for _, t := range things {
		_, s := t.(Sizer)
		_, n := t.(Namer)
		f, isFile := t.(File)
		_, r := t.(io.Reader)
		line := fmt.Sprintf("%-16T sizer=%-5v namer=%-5v file=%-5v reader=%v", t, s, n, isFile, r)
		if isFile {
			line += fmt.Sprintf(" -> %s:%d", f.Name(), f.Size())
		}
		fmt.Println(line)
	}
	var s Sizer = Doc{"d", "body"}
	if f, ok := s.(File); ok {
		fmt.Println("upgrade to File:", f.Name())
	}
	var nm Namer = Named("x")
	_, ok := nm.(Sizer)
	fmt.Println("Named is Sizer:", ok)
}
