// A value-receiver io.Writer used through io.MultiWriter and fmt.Fprintf.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

type prefixWriter struct {
	prefix string
	sb     *strings.Builder
}

func (p prefixWriter) Write(b []byte) (int, error) {
	p.sb.WriteString(p.prefix)
	p.sb.Write(b)
	return len(b), nil
}

type counter struct{ n *int }

func (c counter) Write(b []byte) (int, error) {
	*c.n += len(b)
	return len(b), nil
}

func main() {
	var sb strings.Builder
	n := 0
	w := io.MultiWriter(prefixWriter{"> ", &sb}, counter{&n}, os.Stdout)
	fmt.Fprintf(w, "hello %d\n", 1)
	io.WriteString(w, "bye\n")
	fmt.Print(sb.String())
	fmt.Println("bytes:", n)
}
