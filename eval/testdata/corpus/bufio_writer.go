// bufio.Writer over a strings.Builder, and reading runes with bufio.Reader.
package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

func main() {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	for i := range 3 {
		fmt.Fprintf(w, "line %d\n", i)
	}
	fmt.Println(sb.Len())
	w.Flush()
	fmt.Print(sb.String())
	r := bufio.NewReader(strings.NewReader("héllo"))
	for {
		ch, size, err := r.ReadRune()
		if err == io.EOF {
			break
		}
		fmt.Print(string(ch), size, " ")
	}
	fmt.Println()
}
