// Decorating interfaces by embedding them: a reversed sort, a counting writer, a
// read-closer, and a decorator left without its inner value.
package main

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
)

type people []string

func (p people) Len() int { return len(p) }
func (p people) Less(i, j int) bool {
	return len(p[i]) < len(p[j]) || len(p[i]) == len(p[j]) && p[i] < p[j]
}
func (p people) Swap(i, j int) { p[i], p[j] = p[j], p[i] }

type descending struct{ sort.Interface }

func (d descending) Less(i, j int) bool { return d.Interface.Less(j, i) }

type counter struct {
	io.Writer
	bytes, writes int
}

func (c *counter) Write(p []byte) (int, error) {
	c.writes++
	n, err := c.Writer.Write(p)
	c.bytes += n
	return n, err
}

type Stream interface {
	io.Reader
	io.Closer
}

type closer struct {
	io.Reader
	closed *bool
}

func (c closer) Close() error { *c.closed = true; return nil }

func main() {
	names := people{"bo", "alice", "ed", "carol", "dan"}
	sort.Sort(descending{names})
	fmt.Println(names, sort.IsSorted(descending{names}))

	var buf bytes.Buffer
	c := &counter{Writer: &buf}
	fmt.Fprintf(c, "%d-%d ", 1, 2)
	io.Copy(c, strings.NewReader("copied"))
	fmt.Println(buf.String(), c.bytes, c.writes > 1)

	closed := false
	var s Stream = closer{strings.NewReader("stream body"), &closed}
	data, err := io.ReadAll(s)
	fmt.Println(string(data), err, s.Close(), closed)

	defer func() { fmt.Println("recovered:", recover()) }()
	var bare counter
	fmt.Fprint(&bare, "x")
}
