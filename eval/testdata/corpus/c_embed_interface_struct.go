package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

type countingWriter struct {
	io.Writer
	n int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.Writer.Write(p)
	c.n += n
	return n, err
}

type reverse struct {
	sort.Interface
}

func (r reverse) Less(i, j int) bool { return r.Interface.Less(j, i) }

type ReadCloser interface {
	io.Reader
	io.Closer
}

type nopCloser struct{ io.Reader }

func (nopCloser) Close() error { return nil }

func main() {
	var sb strings.Builder
	cw := &countingWriter{Writer: &sb}
	fmt.Fprintf(cw, "hello %s, ", "world")
	io.WriteString(cw, "bye")
	fmt.Println(sb.String(), cw.n)
	nums := []int{3, 1, 4, 1, 5, 9, 2}
	sort.Sort(reverse{sort.IntSlice(nums)})
	fmt.Println(nums)
	var rc ReadCloser = nopCloser{strings.NewReader("data inside")}
	b, _ := io.ReadAll(rc)
	fmt.Println(string(b), rc.Close())
	var partial countingWriter
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		partial.Write([]byte("x"))
	}()
}
