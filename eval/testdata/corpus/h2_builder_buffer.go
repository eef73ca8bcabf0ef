package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

func table(rows [][]string) string {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	var b strings.Builder
	sep := func() {
		b.WriteByte('+')
		for _, w := range widths {
			b.WriteString(strings.Repeat("-", w+2))
			b.WriteByte('+')
		}
		b.WriteByte('\n')
	}
	sep()
	for ri, r := range rows {
		b.WriteByte('|')
		for i, c := range r {
			fmt.Fprintf(&b, " %-*s |", widths[i], c)
		}
		b.WriteByte('\n')
		if ri == 0 {
			sep()
		}
	}
	sep()
	return b.String()
}

func main() {
	fmt.Print(table([][]string{{"name", "qty", "price"}, {"apple", "3", "1.25"}, {"watermelon", "1", "4.5"}}))
	var b strings.Builder
	b.Grow(64)
	for i := 0; i < 5; i++ {
		b.WriteRune('α' + rune(i))
	}
	fmt.Println(b.String(), b.Len())
	var buf bytes.Buffer
	buf.WriteString("hello, ")
	buf.Write([]byte("world\nline two\nthree"))
	fmt.Fprintf(&buf, " %d", 42)
	line, err := buf.ReadString('\n')
	fmt.Printf("%q %v\n", line, err)
	nb := buf.Next(4)
	fmt.Printf("%q %d\n", nb, buf.Len())
	rest, _ := io.ReadAll(&buf)
	fmt.Printf("%q %d\n", rest, buf.Len())
	buf.Reset()
	buf.WriteByte('x')
	buf.Truncate(0)
	fmt.Println(buf.Len(), buf.String() == "")
	var out bytes.Buffer
	w := io.MultiWriter(&out, &b)
	io.Copy(w, strings.NewReader("+copied"))
	fmt.Println(out.String(), b.String())
	fields := bytes.Fields([]byte("  a bb   ccc "))
	fmt.Println(len(fields), string(bytes.Join(fields, []byte("-"))), bytes.Equal(fields[0], []byte("a")))
	fmt.Println(bytes.ToUpper([]byte("mixed Case")), string(bytes.Title([]byte("x"))))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;")
	fmt.Println(r.Replace("a<b && c>d"))
}
