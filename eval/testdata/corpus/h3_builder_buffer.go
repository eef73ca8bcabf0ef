package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

type table struct {
	rows [][]string
}

func (t *table) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for _, r := range t.rows {
		n, err := fmt.Fprintln(w, strings.Join(r, " | "))
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

func main() {
	var sb strings.Builder
	for i := 3; i > 0; i-- {
		fmt.Fprintf(&sb, "%d...", i)
	}
	sb.WriteString("liftoff")
	sb.WriteByte('!')
	sb.WriteRune('🚀')
	fmt.Println(sb.String(), sb.Len())
	sb.Reset()
	fmt.Printf("%q %d\n", sb.String(), sb.Len())

	var buf bytes.Buffer
	buf.WriteString("line one\nline two\nline three")
	line, err := buf.ReadString('\n')
	fmt.Printf("%q %v %d\n", line, err, buf.Len())
	rest, _ := io.ReadAll(&buf)
	fmt.Printf("%q %d\n", rest, buf.Len())
	_, err = buf.ReadByte()
	fmt.Println(err == io.EOF)

	b2 := bytes.NewBufferString("abc")
	b2.Truncate(1)
	b2.Write([]byte("xyz"))
	fmt.Println(b2.String(), b2.Cap() >= 4)
	next := b2.Next(2)
	fmt.Println(string(next), b2.String())

	t := &table{rows: [][]string{{"id", "name"}, {"1", "ada"}, {"2", "bob"}}}
	n, _ := t.WriteTo(os.Stdout)
	fmt.Println("wrote", n)
	var out bytes.Buffer
	io.Copy(&out, strings.NewReader("copied"))
	t.WriteTo(&out)
	fmt.Println(out.Len(), strings.Count(out.String(), "\n"))

	r := strings.NewReader("hello world")
	p := make([]byte, 4)
	for {
		n, err := r.Read(p)
		if n > 0 {
			fmt.Printf("[%s]", p[:n])
		}
		if err == io.EOF {
			break
		}
	}
	fmt.Println()
}
