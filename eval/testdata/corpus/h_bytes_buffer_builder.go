package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

type upperWriter struct{ w io.Writer }

func (u upperWriter) Write(p []byte) (int, error) {
	return u.w.Write(bytes.ToUpper(p))
}

type countingWriter struct {
	n int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

func main() {
	var buf bytes.Buffer
	buf.WriteString("hello ")
	buf.WriteByte('w')
	buf.WriteRune('ö')
	buf.Write([]byte("rld"))
	fmt.Fprintf(&buf, " %d!", 42)
	fmt.Println(buf.String(), buf.Len(), utf8.RuneCount(buf.Bytes()))
	word, err := buf.ReadString(' ')
	fmt.Printf("%q %v %q\n", word, err, buf.String())
	next := buf.Next(3)
	fmt.Printf("%s|%s\n", next, buf.Bytes())
	var sb strings.Builder
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&sb, "[%d]", i)
	}
	sb.WriteString("end")
	fmt.Println(sb.String(), sb.Len())
	var out bytes.Buffer
	cw := &countingWriter{}
	mw := io.MultiWriter(upperWriter{&out}, cw)
	fmt.Fprint(mw, "mixed Case text")
	fmt.Println(out.String(), cw.n)
	r := bufio.NewReader(strings.NewReader("line one\nline two\nlast"))
	for {
		line, err := r.ReadString('\n')
		fmt.Printf("%q ", strings.TrimRight(line, "\n"))
		if err == io.EOF {
			break
		}
	}
	fmt.Println()
	data, _ := io.ReadAll(io.LimitReader(strings.NewReader("abcdefgh"), 5))
	fmt.Println(string(data))
	fmt.Println(bytes.Equal([]byte("a"), []byte("a")), bytes.Contains([]byte("seafood"), []byte("foo")), bytes.Fields([]byte(" a b  c ")))
	bw := bufio.NewWriter(&out)
	bw.WriteString(" +buffered")
	fmt.Println(out.Len())
	bw.Flush()
	fmt.Println(out.String())
	var sec io.Reader = io.NewSectionReader(strings.NewReader("0123456789"), 2, 4)
	sdata, _ := io.ReadAll(sec)
	fmt.Println(string(sdata))
}
